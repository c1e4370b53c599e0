import { describe, expect, it } from "vitest";
import { bm25Tf } from "@/lib/store/bm25";
import { checkVersion, clientOptions, parseVersion, safeMessage, storeError } from "@/lib/store/qdrant-client";
import { pointId, qdrantFilter } from "@/lib/store/qdrant-payload";
import { averageLength, documentSparseVector, querySparseVector, tokenIndex } from "@/lib/store/qdrant-sparse";
import { QdrantStore } from "@/lib/store/qdrant-store";

// The parts of the Qdrant backend that need no server (no Qdrant can run where this is developed).

describe("Qdrant point ids", () => {
  it("writes a hex chunk id as a UUID and hashes any other id", () => {
    expect(pointId("0123456789abcdef0123456789ABCDEF")).toBe("01234567-89ab-cdef-0123-456789abcdef");
    const a = pointId("corpus|2001다1|판시사항|0");
    const b = pointId("corpus|2001다1|판시사항|1");
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
    expect(pointId("corpus|2001다1|판시사항|0")).toBe(a);
  });
});

describe("Qdrant sparse vectors", () => {
  it("hashes tokens with FNV-1a to stable uint32 indices", () => {
    expect(tokenIndex("")).toBe(0x811c9dc5);
    expect(tokenIndex("a")).toBe(0xe40c292c);
    expect(tokenIndex("손해")).toBe(tokenIndex("손해"));
  });

  it("carries BM25 term-frequency saturation at the given average length, indices sorted", () => {
    const tokens = ["손해", "배상", "손해", "책임"];
    const v = documentSparseVector(tokens, 221);
    expect([...v.indices].sort((x, y) => x - y)).toEqual(v.indices);
    const at = (t: string) => v.values[v.indices.indexOf(tokenIndex(t))];
    expect(at("손해")).toBeCloseTo(bm25Tf(2, 4, 221), 12);
    expect(at("배상")).toBeCloseTo(bm25Tf(1, 4, 221), 12);
    expect(documentSparseVector(tokens, 4).values).not.toEqual(v.values);
  });

  it("averages the corpus's lengths as they will be once the new chunks are written", () => {
    expect(averageLength({ count: 3, total: 600 }, [100, 300])).toBe(200);
    expect(averageLength({ count: 0, total: 0 }, [])).toBe(1);
  });

  it("counts a repeated query term once", () => {
    const q = querySparseVector(["손해", "손해", "배상"]);
    expect(q.values).toEqual([1, 1]);
  });
});

describe("Qdrant filters", () => {
  it("maps every store filter field, dates as yyyymmdd integers", () => {
    expect(qdrantFilter({})).toBeUndefined();
    expect(
      qdrantFilter({
        corpusIds: ["a"],
        caseTypes: ["민사"],
        courts: ["대법원"],
        dateFrom: "2001-03-02",
        dateTo: "2010-12-31",
      }),
    ).toEqual({
      must: [
        { key: "corpus_id", match: { any: ["a"] } },
        { key: "case_type", match: { any: ["민사"] } },
        { key: "court", match: { any: ["대법원"] } },
        { key: "decision_date_num", range: { gte: 20010302, lte: 20101231 } },
      ],
    });
  });
});

describe("Qdrant URL handling", () => {
  it("keeps the URL's path and port, and the scheme's default port when it has none", () => {
    expect(clientOptions({ url: "https://proxy/qdrant" })).toMatchObject({
      host: "proxy",
      port: 443,
      https: true,
      prefix: "/qdrant",
    });
    expect(clientOptions({ url: "http://localhost:6333" })).toMatchObject({
      host: "localhost",
      port: 6333,
      https: false,
    });
    expect(clientOptions({ url: "http://localhost:6333/" })).not.toHaveProperty("prefix");
    expect(clientOptions({ url: "http://qdrant.internal" })).toMatchObject({ port: 80, https: false });
    expect(clientOptions({ url: "http://[::1]:7000/a/b/" })).toMatchObject({
      host: "[::1]",
      port: 7000,
      prefix: "/a/b",
    });
    // The client would switch to https whenever a key is set; an http URL stays http.
    expect(clientOptions({ url: "http://qdrant:6333", apiKey: "k" })).toMatchObject({ https: false, apiKey: "k" });
  });

  it("refuses a URL that is not http(s) as a configuration error", () => {
    expect(() => clientOptions({ url: "qdrant:6333" })).toThrow(expect.objectContaining({ code: "store:bad_config" }));
    expect(() => clientOptions({ url: "not a url" })).toThrow(expect.objectContaining({ code: "store:bad_config" }));
  });
});

describe("Qdrant version gate", () => {
  it("accepts 1.19.0 and later, refuses older or unreadable versions", () => {
    expect(parseVersion("v1.19.2-dev")).toEqual([1, 19, 2]);
    for (const ok of ["1.19.0", "1.19.3", "1.20.0", "2.0.0"]) expect(() => checkVersion(ok)).not.toThrow();
    for (const old of ["1.18.2", "1.15.0", "0.11.0", "dev"]) {
      expect(() => checkVersion(old)).toThrow(expect.objectContaining({ code: "store:bad_config" }));
    }
  });
});

describe("Qdrant messages for admins", () => {
  it("logs where the failure was without the URL's credentials", () => {
    const error = storeError(new TypeError("fetch failed"), {
      url: "https://user:secret@q.example/qdrant",
      op: "count",
    });
    expect(error.code).toBe("store:unavailable");
    expect(error.message).toContain("q.example/qdrant");
    expect(error.message).not.toContain("secret");
  });

  it("keeps one bounded line", () => {
    expect(safeMessage("Wrong input:\n  bad\u0000 thing")).toBe("Wrong input: bad thing");
    expect(safeMessage("x".repeat(500))).toHaveLength(200);
  });
});

describe("Qdrant unreachable", () => {
  it("fails with store:unavailable, and tries again on the next call", async () => {
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    const store = new QdrantStore({ url: "http://127.0.0.1:9", collection: "unreachable", retryDelayMs: 1 });
    await expect(store.count()).rejects.toMatchObject({ code: "store:unavailable" });
    await expect(store.sparseSearch(["손해"], { topN: 3 })).rejects.toMatchObject({ code: "store:unavailable" });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkComponents } from "@/lib/ai/status";
import { QdrantStore } from "@/lib/store/qdrant-store";
import { tokenizeKo } from "@/lib/text/tokenize-ko";
import { type QdrantStandIn, startQdrantStandIn } from "../fake-servers/qdrant-server";
import { defineStoreContract } from "./contract";
import { collection, item } from "./qdrant-fixtures";

// The store contract, run against the Qdrant backend over HTTP with the recording stand-in in place
// of the server (tests/store/qdrant.test.ts runs it against a real Qdrant when QDRANT_URL is set).

let standIn: QdrantStandIn;
beforeAll(async () => {
  standIn = await startQdrantStandIn();
});
afterAll(async () => {
  await standIn.close();
});

defineStoreContract(
  "qdrant stand-in",
  async () => new QdrantStore({ url: standIn.url, collection: "contract", denseSize: 4 }),
);

it("sent only requests valid against Qdrant's OpenAPI schema", () => {
  expect(standIn.violations).toEqual([]);
  const used = new Set(standIn.requests.map((r) => r.operation));
  for (const op of ["root", "get_collection", "create_collection", "create_field_index", "upsert_points", "facet"]) {
    expect(used).toContain(op);
  }
  for (const op of ["query_points", "scroll_points", "count_points", "delete_points"]) expect(used).toContain(op);
});

describe("a Qdrant behind a reverse proxy path", () => {
  it("keeps the path for the store and for the status probe (the same client)", async () => {
    const proxied = await startQdrantStandIn({ prefix: "/qdrant", collections: { c: collection() } });
    expect(proxied.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/qdrant$/);
    const store = new QdrantStore({ url: proxied.url, collection: "c" });
    await store.upsert([item("k", "2001다1", "판시사항", 0, "회원권 이용료 반환", [1, 0, 0, 0])]);
    expect((await store.sparseSearch(tokenizeKo("이용료"), { topN: 1 }))[0]?.chunk.caseNo).toBe("2001다1");

    const [status] = (
      await checkComponents({
        store: { kind: "qdrant", dataDir: "./data", qdrantUrl: proxied.url, qdrantCollection: "c" },
        statusCacheSeconds: 0,
        faultCooldownSeconds: 30,
      })
    ).filter((s) => s.id === "store");
    expect(status?.state).toBe("active");
    expect(status?.detail).toContain("/qdrant");
    expect(status?.detail).toContain("Qdrant 1.19.0");
    expect(proxied.requests.length).toBeGreaterThan(3);
    expect(proxied.violations).toEqual([]);
    await proxied.close();
  });

  it("the status panel shows what the store would refuse: a 1.18 server, a wrong collection", async () => {
    const old = await startQdrantStandIn({ version: "1.18.2" });
    const wrong = await startQdrantStandIn({ collections: { c: collection({ sparse: { bm25: {} } }) } });
    const sparseOnly = await startQdrantStandIn({ collections: { c: collection({ dense: {} }) } });
    const statuses = await Promise.all(
      [old, wrong, sparseOnly].map(async (s) => {
        const all = await checkComponents({
          store: { kind: "qdrant", dataDir: "./data", qdrantUrl: s.url, qdrantCollection: "c" },
          statusCacheSeconds: 0,
          faultCooldownSeconds: 30,
        });
        return all.find((c) => c.id === "store");
      }),
    );
    expect(statuses.map((s) => s?.state)).toEqual(["unreachable", "unreachable", "active"]);
    expect(statuses[0]?.detail).toContain("1.19.0 이상이 필요합니다");
    expect(statuses[1]?.detail).toContain("IDF modifier");
    expect(statuses[2]?.detail).toContain("dense 벡터 없음");
    await Promise.all([old.close(), wrong.close(), sparseOnly.close()]);
  });
});

describe("a Qdrant cluster layout", () => {
  it("creates the collection with the configured shards and copies (valid for Qdrant's schema)", async () => {
    const cluster = await startQdrantStandIn();
    try {
      const store = new QdrantStore({
        url: cluster.url,
        collection: "replicated",
        denseSize: 4,
        layout: { shards: 3, replicationFactor: 2 },
      });
      await store.upsert([item("k", "2001다1", "판시사항", 0, "회원권 이용료 반환", [1, 0, 0, 0])]);
      const created = cluster.requests.find((r) => r.operation === "create_collection");
      expect(created?.body).toMatchObject({ shard_number: 3, replication_factor: 2 });
      expect(cluster.violations).toEqual([]);
      // Unset: Qdrant's own defaults (no fields sent).
      await new QdrantStore({ url: cluster.url, collection: "single", denseSize: 4 }).upsert([
        item("k", "2001다1", "판시사항", 0, "회원권 이용료 반환", [1, 0, 0, 0]),
      ]);
      const single = cluster.requests.filter((r) => r.operation === "create_collection")[1];
      expect(single?.body).not.toHaveProperty("replication_factor");
    } finally {
      await cluster.close();
    }
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { checkComponents } from "@/lib/ai/status";
import { QdrantStore } from "@/lib/store/qdrant-store";
import { type QdrantStandIn, type QdrantStandInOptions, startQdrantStandIn } from "../fake-servers/qdrant-server";
import { item } from "./qdrant-fixtures";

// Shard copies over a Qdrant cluster, played by the stand-in (tests/fake-servers/qdrant-cluster.ts):
// a collection placed on the peers that had joined when it was created, checked and repaired with
// `replicate_shard`; peer ids beyond 2^53, as Qdrant's random u64 ids are.

const PEERS = ["5963346474329432123", "7036128427384510721", "12884901887123456789"];

let standIn: QdrantStandIn | undefined;
afterEach(async () => {
  expect(standIn?.violations ?? []).toEqual([]);
  await standIn?.close();
  standIn = undefined;
});

async function start(options: QdrantStandInOptions) {
  standIn = await startQdrantStandIn(options);
  return standIn;
}

const corpus = [
  item("k", "2001다1", "판시사항", 0, "약혼 예물 반환 청구"),
  item("k", "2002다2", "판시사항", 0, "임대차 보증금"),
];
const replicas = (s: QdrantStandIn, collection = "c") =>
  s.collections.get(collection)?.placement.map((copies) => copies.map((r) => r.peer).sort());

describe("shard placement over a cluster", () => {
  it("a collection created before the other nodes joined: found short, repaired once they have, ids exact", async () => {
    const s = await start({ nodes: 3, cluster: { peers: PEERS, joined: 1 } });
    const store = new QdrantStore({
      url: s.urls.join(","),
      collection: "c",
      layout: { shards: 1, replicationFactor: 2 },
      retryDelayMs: 1,
    });
    await store.upsert(corpus);
    // Created with one peer: one copy, nothing to copy to yet (checked right after creation).
    expect(replicas(s)).toEqual([[PEERS[0]]]);
    expect(s.of("collection_cluster_info").length).toBeGreaterThan(0);
    expect(s.of("update_collection_cluster")).toEqual([]);
    const short = await store.placement();
    expect(short).toMatchObject({ cluster: true, peers: 1, wanted: 1, short: [] });

    // The others join; the import's end checks again and starts the missing copy.
    if (s.options.cluster) s.options.cluster.joined = 3;
    expect(await store.placement()).toMatchObject({ peers: 3, wanted: 2, short: [{ shard: 0, copies: 1 }] });
    const note = await store.finishWrites("k");
    expect(note).toContain("샤드 사본 1개를 다른 노드에 만드는 중");
    const [request] = s.of("update_collection_cluster");
    expect(request?.body).toHaveProperty("replicate_shard");
    // The stand-in applies it from the raw body: a rounded peer id would name no peer and be refused.
    expect(replicas(s)).toEqual([[PEERS[0], PEERS[1]].sort()]);
    expect(await store.placement()).toMatchObject({ peers: 3, wanted: 2, short: [], started: [] });
  });

  it("a collection created on the whole cluster is spread already: nothing to repair", async () => {
    const s = await start({ cluster: { peers: PEERS, joined: 3 } });
    const store = new QdrantStore({ url: s.url, collection: "c", layout: { shards: 3, replicationFactor: 2 } });
    await store.upsert(corpus);
    for (const copies of replicas(s) ?? []) expect(new Set(copies).size).toBe(2);
    expect(await store.finishWrites("k")).not.toContain("샤드");
    expect(s.of("update_collection_cluster")).toEqual([]);
  });

  it("a single Qdrant (cluster disabled) has nothing to check", async () => {
    const s = await start({});
    const store = new QdrantStore({ url: s.url, collection: "c" });
    await store.upsert(corpus);
    expect(await store.placement()).toMatchObject({ cluster: false, short: [] });
    expect(s.of("collection_cluster_info")).toEqual([]);
  });
});

describe("the status panel with several nodes", () => {
  const status = async (url: string) =>
    (
      await checkComponents({
        store: { kind: "qdrant", dataDir: "./data", qdrantUrl: url, qdrantCollection: "c" },
        statusCacheSeconds: 0,
        faultCooldownSeconds: 30,
      })
    ).find((c) => c.id === "store");

  it("says which nodes answer, and that shards lack copies; usable while one node is down", async () => {
    const s = await start({ nodes: 3, cluster: { peers: PEERS, joined: 1 } });
    const url = s.urls.join(",");
    await new QdrantStore({ url, collection: "c", layout: { shards: 2, replicationFactor: 2 } }).upsert(corpus);
    if (s.options.cluster) s.options.cluster.joined = 3;
    await s.stop(0);
    const store = await status(url);
    expect(store?.state).toBe("active");
    expect(store?.detail).toContain("노드 3개 중 2개 응답");
    expect(store?.detail).toContain(new URL(s.urls[0] ?? "").host);
    expect(store?.detail).toContain("사본이 부족한 샤드");
    expect(store?.detail).toContain("샤드 2개: BM25 점수가 내장 저장소와 조금 다릅니다");
    // The panel only reads: no repair started from it.
    expect(s.of("update_collection_cluster")).toEqual([]);
  });
});

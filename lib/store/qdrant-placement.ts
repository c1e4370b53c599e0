import type { QdrantNodes } from "./qdrant-nodes";

/**
 * Are the collection's shard copies spread over the cluster's nodes? Qdrant places the copies of a
 * new collection on the peers it knows at that moment and never adds copies on peers that join
 * later: a collection created while one node of three had joined keeps every shard on that node,
 * replication factor or not, and that node going down takes the collection with it. This reads the
 * placement (GET /cluster, GET /collections/{c}/cluster) and, asked to, starts the missing copies
 * with Qdrant's cluster API (`replicate_shard` from a peer holding the shard to the peer holding
 * fewest shards). Peer ids are u64: read and written as digit strings (QdrantNodes.raw).
 */

export interface PlacementReport {
  /** false: a single Qdrant without cluster mode, nothing to spread. */
  cluster: boolean;
  peers: number;
  /** Copies each shard should have: the collection's replication factor, at most one per peer. */
  wanted: number;
  /** Shards with fewer copies than wanted, once the repairs started here are counted. */
  short: { shard: number; copies: number }[];
  /** Copies this check started (Qdrant transfers them in the background). */
  started: { shard: number; to: string }[];
  /** Why a missing copy could not be started. */
  problems: string[];
}

interface ClusterStatus {
  status?: string;
  peers?: Record<string, unknown>;
}

interface ShardInfo {
  shard_id: number;
  peer_id?: string;
  state?: string;
}

interface CollectionCluster {
  peer_id: string;
  local_shards: ShardInfo[];
  remote_shards: ShardInfo[];
  shard_transfers?: { shard_id: number; to: string }[];
}

/** Per shard: the peers holding a copy (a Dead copy does not count) and those whose copy is Active. */
function holders(info: CollectionCluster): Map<number, { all: Set<string>; active: string[] }> {
  const byShard = new Map<number, { all: Set<string>; active: string[] }>();
  const add = (shard: number, peer: string, state?: string) => {
    let entry = byShard.get(shard);
    if (!entry) {
      entry = { all: new Set(), active: [] };
      byShard.set(shard, entry);
    }
    if (state === "Dead") return;
    entry.all.add(peer);
    if (state === "Active") entry.active.push(peer);
  };
  for (const s of info.local_shards) add(s.shard_id, String(info.peer_id), s.state);
  for (const s of info.remote_shards) add(s.shard_id, String(s.peer_id), s.state);
  // A transfer under way is a copy on its way.
  for (const t of info.shard_transfers ?? []) add(t.shard_id, String(t.to));
  return byShard;
}

export async function checkPlacement(
  nodes: QdrantNodes,
  collection: string,
  replicationFactor: number,
  options: { repair: boolean },
): Promise<PlacementReport> {
  const status = (await nodes.run("cluster status", (_, node) => nodes.raw(node, "GET", "/cluster"))) as ClusterStatus;
  const report: PlacementReport = { cluster: false, peers: 1, wanted: 1, short: [], started: [], problems: [] };
  if (status?.status !== "enabled") return report;
  const peers = Object.keys(status.peers ?? {});
  const path = `/collections/${encodeURIComponent(collection)}/cluster`;
  const info = (await nodes.run("collection cluster", (_, node) => nodes.raw(node, "GET", path))) as CollectionCluster;
  const byShard = holders(info);
  const wanted = Math.max(1, Math.min(replicationFactor, peers.length));
  Object.assign(report, { cluster: true, peers: peers.length, wanted });

  const load = new Map(peers.map((p) => [p, 0]));
  for (const { all } of byShard.values()) for (const p of all) load.set(p, (load.get(p) ?? 0) + 1);

  for (const [shard, { all, active }] of [...byShard].sort((a, b) => a[0] - b[0])) {
    if (all.size >= wanted) continue;
    if (options.repair) {
      const from = active[0];
      const targets = peers.filter((p) => !all.has(p)).sort((a, b) => (load.get(a) ?? 0) - (load.get(b) ?? 0));
      for (const to of targets.slice(0, wanted - all.size)) {
        if (!from) {
          report.problems.push(`샤드 ${shard}: 복사할 정상(Active) 사본이 없습니다`);
          break;
        }
        // Digits as read: never through a JS number (u64 peer ids).
        const body = `{"replicate_shard":{"shard_id":${shard},"from_peer_id":${from},"to_peer_id":${to}}}`;
        try {
          await nodes.run("replicate shard", (_, node) => nodes.raw(node, "POST", path, body));
          all.add(to);
          load.set(to, (load.get(to) ?? 0) + 1);
          report.started.push({ shard, to });
        } catch (error) {
          report.problems.push(`샤드 ${shard} → 노드 ${to}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
    if (all.size < wanted) report.short.push({ shard, copies: all.size });
  }
  return report;
}

/** The report in one line for the log and the status panel; undefined when all is well. */
export function placementNote(report: PlacementReport): string | undefined {
  if (!report.cluster) return undefined;
  const parts: string[] = [];
  if (report.started.length > 0) {
    parts.push(
      `샤드 사본 ${report.started.length}개를 다른 노드에 만드는 중 (${report.started.map((s) => `샤드 ${s.shard}`).join(", ")})`,
    );
  }
  if (report.short.length > 0) {
    const list = report.short.map((s) => `샤드 ${s.shard}: ${s.copies}개`).join(", ");
    parts.push(
      `사본이 부족한 샤드가 있습니다 (${list}; 노드 ${report.peers}개에 사본 ${report.wanted}개 필요). 노드 하나가 멈추면 검색이 실패할 수 있습니다`,
    );
  }
  parts.push(...report.problems);
  return parts.length > 0 ? parts.join(" · ") : undefined;
}

import { type Json, QdrantError } from "./qdrant-engine";

/**
 * The cluster side of the Qdrant stand-in (qdrant-server.ts): peers, where a collection's shard
 * copies are, and `replicate_shard`. As in Qdrant (collection creation in
 * lib/collection/src/shards/replica_set, `suggest_shard_distribution`), a new collection's copies
 * go on the peers known at that moment — a peer that joins later gets none until asked to.
 * Peer ids are u64 as in Qdrant: kept as digit strings here and written as bare integers in the
 * replies (beyond 2^53, so a client that reads them as JS numbers gets them wrong).
 */

export interface ClusterOptions {
  /** Peer ids (digit strings), this node first. */
  peers: string[];
  /** How many of `peers` have joined (a collection created now is placed on those only). */
  joined: number;
}

export interface Replica {
  peer: string;
  state: "Active" | "Partial" | "Dead";
}

export type Placement = Replica[][];

/** Copies of each shard on the joined peers, round-robin, at most one per peer. */
export function placeShards(cluster: ClusterOptions | undefined, shards: number, factor: number): Placement {
  const peers = cluster ? cluster.peers.slice(0, Math.max(1, cluster.joined)) : ["1"];
  return Array.from({ length: shards }, (_, shard) =>
    Array.from({ length: Math.min(factor, peers.length) }, (_, copy) => ({
      peer: peers[(shard + copy) % peers.length] as string,
      state: "Active" as const,
    })),
  );
}

export function clusterStatus(cluster: ClusterOptions | undefined): Json {
  if (!cluster) return { status: "disabled" };
  const joined = cluster.peers.slice(0, cluster.joined);
  return {
    status: "enabled",
    peer_id: cluster.peers[0],
    peers: Object.fromEntries(joined.map((p, i) => [p, { uri: `http://qdrant-${i + 1}:6335/` }])),
    raft_info: { term: 1, commit: 10, pending_operations: 0, leader: cluster.peers[0], role: "Leader", is_voter: true },
    consensus_thread_status: { consensus_thread_status: "working", last_update: new Date().toISOString() },
    message_send_failures: {},
  };
}

export function collectionCluster(cluster: ClusterOptions | undefined, placement: Placement): Json {
  const self = cluster?.peers[0] ?? "1";
  const local: Json[] = [];
  const remote: Json[] = [];
  placement.forEach((replicas, shard) => {
    for (const r of replicas) {
      if (r.peer === self) local.push({ shard_id: shard, points_count: 0, state: r.state });
      else remote.push({ shard_id: shard, peer_id: r.peer, state: r.state });
    }
  });
  return {
    peer_id: self,
    shard_count: placement.length,
    local_shards: local,
    remote_shards: remote,
    shard_transfers: [],
  };
}

/** `replicate_shard` read from the raw body (ids exactly as sent), applied at once (the copy is Active). */
export function replicate(cluster: ClusterOptions | undefined, placement: Placement, raw: string): void {
  const field = (name: string) => new RegExp(`"${name}"\\s*:\\s*(\\d+)`).exec(raw)?.[1];
  const shard = Number(field("shard_id"));
  const from = field("from_peer_id");
  const to = field("to_peer_id");
  const joined = cluster ? cluster.peers.slice(0, cluster.joined) : ["1"];
  const replicas = placement[shard];
  if (!replicas) throw new QdrantError(404, `Not found: Shard ${shard} not found`);
  if (!to || !joined.includes(to)) throw new QdrantError(404, `Not found: Peer ${to} does not exist`);
  if (!replicas.some((r) => r.peer === from && r.state === "Active")) {
    throw new QdrantError(400, `Bad request: Shard ${shard} is not active on peer ${from}`);
  }
  if (replicas.some((r) => r.peer === to)) {
    throw new QdrantError(400, `Bad request: Shard ${shard} is already involved in transfer to peer ${to}`);
  }
  replicas.push({ peer: to, state: "Active" });
}

const PEER_FIELDS = /"(peer_id|from_peer_id|to_peer_id|from|to|leader)":"(\d+)"/g;

/** The reply as Qdrant writes it: peer ids as bare integers. */
export function withExactIds(text: string): string {
  return text.replace(PEER_FIELDS, '"$1":$2');
}

/** The same reply with peer ids as (rounded) numbers, for checking against the schema. */
export function withNumericIds(value: unknown): unknown {
  return JSON.parse(withExactIds(JSON.stringify(value)));
}

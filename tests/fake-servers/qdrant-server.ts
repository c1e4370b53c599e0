import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import {
  type ClusterOptions,
  clusterStatus,
  collectionCluster,
  type Placement,
  placeShards,
  replicate,
  withExactIds,
  withNumericIds,
} from "./qdrant-cluster";
import {
  type CollectionConfig,
  denseScores,
  filterMatches,
  type Json,
  normalise,
  QdrantError,
  type SparseVector,
  type StoredPoint,
  selectPayload,
  selectVectors,
  setPayload,
  sparseScores,
  updateVectors,
} from "./qdrant-engine";
import { loadQdrantOpenApi, type Operation } from "./qdrant-openapi";
import { closeServer, listen } from "./shared";

/**
 * A stand-in for the Qdrant server that cannot run here: a recording node:http server that checks
 * every request against Qdrant's OpenAPI schema (qdrant-openapi.ts) and answers the operations the
 * store uses as Qdrant 1.19 does — same routes, same reply and error shapes (`{ status: { error } }`
 * with Qdrant's messages and status codes), its own replies checked against the schema as well.
 * Knobs for the cases a real server is hard to put in: the version it reports, a pre-existing
 * collection of any shape, an API key, failures injected into chosen requests, requests left
 * unanswered (a hung node), and a cluster: several nodes (ports) over the same data, any of which
 * can be stopped, with peers that join late and shard copies placed as Qdrant places them
 * (qdrant-cluster.ts).
 */

export interface RecordedRequest {
  method: string;
  /** Path below the prefix, e.g. /collections/c/points/query */
  path: string;
  operation?: string;
  query: Record<string, string>;
  body: unknown;
  /** Bytes of the request body as sent. */
  bytes: number;
  /** Which node (port) it reached: 0 for `url`, i for `urls[i]`. */
  node: number;
}

export interface Failure {
  status: number;
  error: string;
}

export interface QdrantStandInOptions {
  version?: string;
  /** Serve under this path (a reverse proxy's `/qdrant`). */
  prefix?: string;
  apiKey?: string;
  collections?: Record<string, CollectionConfig>;
  /** Called for every valid request; a Failure is answered instead of the real reply. */
  fail?: (request: RecordedRequest, countOfThisOperation: number) => Failure | undefined;
  /** Called for every valid request; true: never answered (the connection stays open). */
  hang?: (request: RecordedRequest) => boolean;
  /** Nodes (ports) serving the same data; default 1. */
  nodes?: number;
  /** Cluster mode: peers, how many joined, where shard copies go. Absent: a single node, cluster disabled. */
  cluster?: ClusterOptions;
}

interface StandInCollection {
  config: CollectionConfig;
  points: Map<string, StoredPoint>;
  layout: { shards: number; replicationFactor: number };
  placement: Placement;
}

export interface QdrantStandIn {
  url: string;
  /** Every node's URL (`urls[0]` is `url`). */
  urls: string[];
  /** Stops node `i`: its port refuses connections from now on. */
  stop(node: number): Promise<void>;
  requests: RecordedRequest[];
  /** Schema violations (requests and the stand-in's own replies); a test asserts it stays empty. */
  violations: string[];
  collections: Map<string, StandInCollection>;
  options: QdrantStandInOptions;
  of(operation: string): RecordedRequest[];
  close(): Promise<void>;
}

const VECTOR_NAMES_FROM = [1, 18, 0];

function versionAtLeast(version: string, min: number[]): boolean {
  const parts = version.split(/[.-]/).map(Number);
  for (let i = 0; i < min.length; i++) if ((parts[i] ?? 0) !== min[i]) return (parts[i] ?? 0) > (min[i] ?? 0);
  return true;
}

function collectionInfo(c: StandInCollection): Json {
  const { config } = c;
  const count = c.points.size;
  return {
    status: "green",
    optimizer_status: "ok",
    segments_count: 2,
    points_count: count,
    indexed_vectors_count: 0,
    config: {
      params: {
        vectors: config.dense,
        sparse_vectors: config.sparse,
        shard_number: c.layout.shards,
        replication_factor: c.layout.replicationFactor,
        write_consistency_factor: 1,
        on_disk_payload: true,
      },
      hnsw_config: { m: 16, ef_construct: 100, full_scan_threshold: 10000 },
      optimizer_config: {
        deleted_threshold: 0.2,
        vacuum_min_vector_number: 1000,
        default_segment_number: 0,
        flush_interval_sec: 5,
      },
    },
    payload_schema: Object.fromEntries(
      Object.entries(config.indexes).map(([field, schema]) => {
        const type = typeof schema === "string" ? schema : (schema as Json).type;
        return [field, { data_type: type, params: typeof schema === "string" ? undefined : schema, points: count }];
      }),
    ),
  };
}

export async function startQdrantStandIn(options: QdrantStandInOptions = {}): Promise<QdrantStandIn> {
  const api = loadQdrantOpenApi();
  const requests: RecordedRequest[] = [];
  const violations: string[] = [];
  const counts = new Map<string, number>();
  const collections: QdrantStandIn["collections"] = new Map();
  const newCollection = (config: CollectionConfig, shards = 1, replicationFactor = 1): StandInCollection => ({
    config,
    points: new Map(),
    layout: { shards, replicationFactor },
    placement: placeShards(options.cluster, shards, replicationFactor),
  });
  for (const [name, config] of Object.entries(options.collections ?? {})) {
    collections.set(name, newCollection(structuredClone(config)));
  }
  const version = () => options.version ?? "1.19.0";
  const prefix = (options.prefix ?? "").replace(/\/+$/, "");

  const reply = (res: ServerResponse, operation: Operation | undefined, status: number, body: Json) => {
    if (status === 200 && operation) {
      for (const v of api.validate(operation.response, withNumericIds(body))) {
        violations.push(`reply ${operation.name}: ${v}`);
      }
    }
    res.writeHead(status, { "content-type": "application/json" });
    // Peer ids (digit strings here) go out as bare u64 integers, as Qdrant writes them.
    res.end(withExactIds(JSON.stringify(body)));
  };
  const ok = (result: unknown) => ({ result, status: "ok", time: 0.0001 });
  const error = (message: string) => ({ status: { error: message }, time: 0.0001 });

  const collectionOf = (name: string) => {
    const c = collections.get(name);
    if (!c) throw new QdrantError(404, `Not found: Collection \`${name}\` doesn't exist!`);
    return c;
  };

  function handle(operation: Operation, params: Record<string, string>, body: Json, raw: string): unknown {
    const name = params.collection_name ?? "";
    switch (operation.name) {
      case "root":
        return undefined; // answered as VersionInfo, unwrapped
      case "cluster_status":
        return clusterStatus(options.cluster);
      case "collection_cluster_info":
        return collectionCluster(options.cluster, collectionOf(name).placement);
      case "update_collection_cluster": {
        const c = collectionOf(name);
        if (!("replicate_shard" in body)) throw new QdrantError(404, "stand-in: only replicate_shard is implemented");
        replicate(options.cluster, c.placement, raw);
        return true;
      }
      case "get_collection":
        return collectionInfo(collectionOf(name));
      case "create_collection": {
        if (collections.has(name)) throw new QdrantError(409, `Wrong input: Collection \`${name}\` already exists!`);
        const dense = (body.vectors ?? {}) as CollectionConfig["dense"];
        const sparse = (body.sparse_vectors ?? {}) as CollectionConfig["sparse"];
        const shards = (body.shard_number as number | undefined) ?? 1;
        const factor = (body.replication_factor as number | undefined) ?? 1;
        collections.set(name, newCollection({ dense, sparse, indexes: {} }, shards, factor));
        return true;
      }
      case "batch_update": {
        const c = collectionOf(name);
        const results: Json[] = [];
        for (const op of body.operations as Json[]) {
          if ("update_vectors" in op) updateVectors(c.config, c.points, op.update_vectors as Json);
          else if ("set_payload" in op) setPayload(c.points, op.set_payload as Json);
          else throw new QdrantError(404, `stand-in: batch operation ${Object.keys(op)[0]} is not implemented`);
          results.push({ operation_id: results.length + 1, status: "completed" });
        }
        return results;
      }
      case "create_vector_name": {
        const c = collectionOf(name);
        const vector = params.vector_name ?? "";
        if (c.config.dense[vector] || c.config.sparse[vector]) {
          throw new QdrantError(400, `Wrong input: Vector name ${vector} already exists`);
        }
        if ("dense" in body) c.config.dense[vector] = body.dense as { size: number; distance: string };
        else c.config.sparse[vector] = (body as { sparse: { modifier?: string } }).sparse;
        return { operation_id: 1, status: "completed" };
      }
      case "create_field_index": {
        collectionOf(name).config.indexes[body.field_name as string] = body.field_schema;
        return { operation_id: 1, status: "completed" };
      }
      case "upsert_points": {
        const c = collectionOf(name);
        const incoming = (body.points as Json[]).map((p) => {
          const point: StoredPoint = { id: String(p.id), dense: {}, sparse: {}, payload: (p.payload ?? {}) as Json };
          for (const [vector, value] of Object.entries((p.vector ?? {}) as Json)) {
            if (Array.isArray(value)) {
              const params = c.config.dense[vector];
              if (!params) throw new QdrantError(400, `Wrong input: Not existing vector name error: ${vector}`);
              if (params.size !== value.length) {
                throw new QdrantError(
                  400,
                  `Wrong input: Vector dimension error: expected dim: ${params.size}, got ${value.length}`,
                );
              }
              point.dense[vector] = normalise(value as number[]);
            } else {
              if (!c.config.sparse[vector])
                throw new QdrantError(400, `Wrong input: Not existing vector name error: ${vector}`);
              const s = value as SparseVector;
              point.sparse[vector] = { indices: s.indices, values: s.values.map(Math.fround) };
            }
          }
          return point;
        });
        for (const p of incoming) c.points.set(p.id, p);
        return { operation_id: 1, status: "completed" };
      }
      case "delete_points": {
        const c = collectionOf(name);
        if (body.points) for (const id of body.points as unknown[]) c.points.delete(String(id));
        else for (const p of [...c.points.values()]) if (filterMatches(p, body.filter as Json)) c.points.delete(p.id);
        return { operation_id: 1, status: "completed" };
      }
      case "count_points": {
        const c = collectionOf(name);
        return { count: [...c.points.values()].filter((p) => filterMatches(p, body.filter as Json)).length };
      }
      case "scroll_points": {
        const c = collectionOf(name);
        const limit = (body.limit as number | undefined) ?? 10;
        const sorted = [...c.points.values()]
          .filter((p) => filterMatches(p, body.filter as Json))
          .sort((a, b) => (a.id < b.id ? -1 : 1))
          .filter((p) => body.offset == null || p.id >= String(body.offset));
        const page = sorted.slice(0, limit);
        return {
          points: page.map((p) => ({
            id: p.id,
            ...(body.with_payload === false ? {} : { payload: selectPayload(p.payload, body.with_payload) }),
            ...(Array.isArray(body.with_vector) ? { vector: selectVectors(p, body.with_vector as string[]) } : {}),
          })),
          next_page_offset: sorted[limit]?.id ?? null,
        };
      }
      case "facet": {
        const c = collectionOf(name);
        const key = body.key as string;
        if (!c.config.indexes[key]) {
          throw new QdrantError(400, `Bad request: No appropriate index for faceting: \`${key}\``);
        }
        const hits = new Map<unknown, number>();
        for (const p of c.points.values()) {
          if (!filterMatches(p, body.filter as Json) || p.payload[key] === undefined) continue;
          hits.set(p.payload[key], (hits.get(p.payload[key]) ?? 0) + 1);
        }
        const sorted = [...hits].sort((a, b) => b[1] - a[1]).slice(0, (body.limit as number | undefined) ?? 10);
        return { hits: sorted.map(([value, count]) => ({ value, count })) };
      }
      case "query_points": {
        const c = collectionOf(name);
        const using = (body.using as string | undefined) ?? "";
        const all = [...c.points.values()];
        const candidates = all.filter((p) => filterMatches(p, body.filter as Json));
        const query = body.query;
        let scores: Map<string, number>;
        const idf = (body.params as Json | undefined)?.idf as Json | string | undefined;
        if (Array.isArray(query)) {
          if (!c.config.dense[using])
            throw new QdrantError(400, `Wrong input: Not existing vector name error: ${using}`);
          if (idf)
            throw new QdrantError(
              400,
              `Validation failed: search param \`idf\` requires a sparse vector with the \`idf\` modifier, which vector "${using}" is not`,
            );
          scores = denseScores(candidates, using, query as number[]);
        } else {
          const params = c.config.sparse[using];
          if (!params) throw new QdrantError(400, `Wrong input: Not existing vector name error: ${using}`);
          const idfOn = params.modifier === "idf";
          // Before 1.19 the `idf` param does not exist and is ignored: collection-wide statistics.
          const scoped = versionAtLeast(version(), [1, 19, 0]) && idf && typeof idf === "object";
          if (scoped && !idfOn) {
            throw new QdrantError(
              400,
              `Validation failed: search param \`idf\` requires a sparse vector with the \`idf\` modifier, which vector "${using}" is not`,
            );
          }
          const population = !idfOn
            ? undefined
            : scoped
              ? all.filter((p) => filterMatches(p, (idf as Json).corpus as Json))
              : all;
          scores = sparseScores(candidates, using, query as SparseVector, population);
        }
        const limit = (body.limit as number | undefined) ?? 10;
        const ranked = [...scores].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, limit);
        return {
          points: ranked.map(([id, score]) => ({
            id,
            version: 1,
            score,
            ...(body.with_payload ? { payload: c.points.get(id)?.payload } : {}),
          })),
        };
      }
    }
    throw new QdrantError(404, `stand-in: ${operation.name} is not implemented`);
  }

  async function serve(req: IncomingMessage, res: ServerResponse, node: number): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", "http://stand-in");
    if (!url.pathname.startsWith(prefix)) {
      res.writeHead(404).end();
      return;
    }
    const path = url.pathname.slice(prefix.length) || "/";
    const method = req.method ?? "GET";
    const query = Object.fromEntries(url.searchParams);
    const body = raw.length ? (JSON.parse(raw.toString("utf8")) as Json) : {};
    const matched = api.match(method, path);
    const request: RecordedRequest = {
      method,
      path,
      operation: matched?.operation.name,
      query,
      body,
      bytes: raw.length,
      node,
    };
    requests.push(request);
    if (options.apiKey && req.headers["api-key"] !== options.apiKey) {
      res.writeHead(401, { "content-type": "text/plain" }).end("Invalid api-key");
      return;
    }
    const operation = matched?.operation;
    // Named vectors can be added from 1.18 on; before, the route does not exist.
    if (!operation || (operation.name === "create_vector_name" && !versionAtLeast(version(), VECTOR_NAMES_FROM))) {
      if (!operation) violations.push(`request ${method} ${path}: no such operation in the schema`);
      res.writeHead(404).end();
      return;
    }
    const problems = [
      ...api.validate(operation.query, { ...query }, true).map((p) => `query ${p}`),
      ...(operation.body ? api.validate(operation.body, body) : []),
    ];
    if (problems.length) {
      violations.push(...problems.map((p) => `request ${operation.name}: ${p}`));
      reply(res, undefined, 400, error(`Json deserialize error: ${problems[0]}`));
      return;
    }
    const count = (counts.get(operation.name) ?? 0) + 1;
    counts.set(operation.name, count);
    if (options.hang?.(request)) return; // a hung node: the client's deadline must end it
    const failure = options.fail?.(request, count);
    if (failure) {
      reply(res, undefined, failure.status, error(failure.error));
      return;
    }
    try {
      const result = handle(operation, matched?.params ?? {}, body, raw.toString("utf8"));
      if (operation.name === "root")
        reply(res, operation, 200, { title: "qdrant - vector search engine", version: version(), commit: null });
      else reply(res, operation, 200, ok(result));
    } catch (e) {
      if (!(e instanceof QdrantError)) throw e;
      reply(res, undefined, e.status, error(e.message));
    }
  }

  const servers: Server[] = [];
  const urls: string[] = [];
  for (let node = 0; node < (options.nodes ?? 1); node++) {
    const server = createServer((req, res) => {
      serve(req, res, node).catch((e) => {
        violations.push(`stand-in crashed: ${String(e)}`);
        if (!res.headersSent) res.writeHead(500).end(JSON.stringify(error(`stand-in: ${String(e)}`)));
      });
    });
    servers.push(server);
    urls.push(`${await listen(server)}${prefix}`);
  }
  const stopped = new Set<number>();
  const stop = async (node: number) => {
    if (stopped.has(node)) return;
    stopped.add(node);
    await closeServer(servers[node] as Server);
  };
  return {
    url: urls[0] as string,
    urls,
    stop,
    requests,
    violations,
    collections,
    options,
    of: (operation) => requests.filter((r) => r.operation === operation),
    close: async () => {
      await Promise.all(servers.map((_, i) => stop(i)));
    },
  };
}

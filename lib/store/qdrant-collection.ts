import type { QdrantClient, Schemas } from "@qdrant/js-client-rest";
import { AppError } from "../errors";

/**
 * The collection the store expects, checked against what exists: a named dense vector "dense"
 * (cosine; may be missing until embeddings are first written) and a named sparse vector "bm25"
 * with the IDF modifier, plus payload indexes. Reads never create it; writes create it, add a
 * missing dense vector (PUT /collections/{c}/vectors/dense, Qdrant ≥ 1.18) and missing indexes.
 */

export const DENSE = "dense";
export const SPARSE = "bm25";

export interface CollectionShape {
  /** Size of the "dense" vector; undefined while the collection has none. */
  denseSize?: number;
  /** Payload fields that have an index. */
  indexed: Set<string>;
  /** The collection's layout over a cluster (Qdrant's defaults: 1 and 1). */
  shards: number;
  replicationFactor: number;
}

type IndexSchema = Schemas["PayloadFieldSchema"];

const PAYLOAD_INDEXES: [string, IndexSchema][] = [
  ["corpus_id", { type: "keyword", is_tenant: true }],
  ["case_no", "keyword"],
  ["case_type", "keyword"],
  ["court", "keyword"],
  ["decision_date_num", "integer"],
  // Read back by an exact facet for the corpus's average chunk length (qdrant-sparse.ts).
  ["token_count", { type: "integer", lookup: true, range: false }],
  // The average length a point's BM25 weights carry: points not at the corpus's current one are found by it.
  ["bm25_avg", "float"],
];

function refuse(collection: string, problem: string, fix: string): AppError {
  return new AppError("store:bad_config", {
    detail: `qdrant collection ${collection}: ${problem}`,
    userMessage: `Qdrant 컬렉션 '${collection}': ${problem} ${fix}`,
  });
}

const RECREATE = "다른 QDRANT_COLLECTION 이름을 쓰거나 컬렉션을 삭제한 뒤 다시 색인하세요.";

/** The shape of an existing collection, or a refusal saying what is wrong and what to do. */
export function shapeOf(collection: string, info: Schemas["CollectionInfo"]): CollectionShape {
  const params = info.config.params;
  const vectors = (params.vectors ?? {}) as Record<string, unknown>;
  if (typeof vectors.size === "number") {
    throw refuse(
      collection,
      "이름 없는 단일 벡터로 만들어진 컬렉션입니다 (이 앱은 'dense'·'bm25' 이름 벡터를 씁니다).",
      RECREATE,
    );
  }
  const dense = vectors[DENSE] as Schemas["VectorParams"] | undefined;
  if (dense && dense.distance !== "Cosine") {
    throw refuse(collection, `dense 벡터의 거리 함수가 ${dense.distance}입니다 (Cosine 필요).`, RECREATE);
  }
  const sparse = params.sparse_vectors?.[SPARSE];
  if (!sparse) throw refuse(collection, "희소 벡터 'bm25'가 없습니다.", RECREATE);
  if (sparse.modifier !== "idf") {
    throw refuse(
      collection,
      "희소 벡터 'bm25'에 IDF modifier가 없습니다.",
      `PATCH /collections/${collection} 에 {"sparse_vectors":{"bm25":{"modifier":"idf"}}} 를 보내 켜세요 (docs/qdrant.md).`,
    );
  }
  return {
    denseSize: dense?.size,
    indexed: new Set(Object.keys(info.payload_schema ?? {})),
    shards: params.shard_number ?? 1,
    replicationFactor: params.replication_factor ?? 1,
  };
}

/** A dense size that differs from the collection's is a settings error, never something to write. */
export function checkDenseSize(collection: string, shape: CollectionShape, size: number, what: string): void {
  if (shape.denseSize === undefined || shape.denseSize === size) return;
  throw refuse(
    collection,
    `dense 벡터 크기는 ${shape.denseSize}인데 ${what}는 ${size}입니다.`,
    "EMBEDDINGS_DIMENSIONS와 임베딩 모델을 컬렉션에 맞추거나, 컬렉션을 삭제하고 다시 색인하세요.",
  );
}

/** How a new collection is spread over a Qdrant cluster (unset: Qdrant's defaults, one copy). */
export interface CollectionLayout {
  shards?: number;
  replicationFactor?: number;
}

export async function createCollection(
  client: QdrantClient,
  collection: string,
  denseSize?: number,
  layout: CollectionLayout = {},
): Promise<void> {
  await client.createCollection(collection, {
    ...(denseSize ? { vectors: { [DENSE]: { size: denseSize, distance: "Cosine" } } } : {}),
    ...(layout.shards ? { shard_number: layout.shards } : {}),
    // With copies on two nodes, one node down still serves every search and takes writes.
    ...(layout.replicationFactor ? { replication_factor: layout.replicationFactor } : {}),
    sparse_vectors: { [SPARSE]: { modifier: "idf" } },
  });
}

export async function addDenseVector(client: QdrantClient, collection: string, size: number): Promise<void> {
  await client.createVectorName(collection, DENSE, { dense: { size, distance: "Cosine" } }, { wait: true });
}

/** Indexes the collection lacks (a new one lacks them all; an older one lacks token_count). */
export async function addMissingIndexes(
  client: QdrantClient,
  collection: string,
  shape: CollectionShape,
): Promise<void> {
  for (const [field, schema] of PAYLOAD_INDEXES) {
    if (shape.indexed.has(field)) continue;
    await client.createPayloadIndex(collection, { field_name: field, field_schema: schema, wait: true });
    shape.indexed.add(field);
  }
}

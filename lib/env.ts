import { z } from "zod";

/**
 * The only module that reads `process.env`. Every setting the app understands is declared here,
 * validated once, and handed out typed. An invalid value fails fast with the variable's name so an
 * admin sees "LLM_BASE_URL: invalid URL" at start instead of a confusing error mid-request.
 */

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v.replace(/\/+$/, "")))
  .pipe(z.url({ protocol: /^https?$/ }).optional())
  .optional();

/** One http(s) URL or several separated by commas (the nodes of a Qdrant cluster), each as optionalUrl. */
const optionalUrlList = z
  .string()
  .trim()
  .transform((v) =>
    v
      .split(",")
      .map((u) => u.trim().replace(/\/+$/, ""))
      .filter(Boolean),
  )
  .pipe(z.array(z.url({ protocol: /^https?$/ })))
  .transform((urls) => (urls.length ? urls.join(",") : undefined))
  .optional();

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** Values separated by commas (claim values), trimmed, empty ones dropped. */
const commaList = z
  .string()
  .default("")
  .transform((v) =>
    v
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean),
  );

const booleanSetting = (fallback: "true" | "false") =>
  z
    .enum(["true", "false"])
    .default(fallback)
    .transform((v) => v === "true");

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** A number setting where an empty value means the default (not 0, as plain coercion would read it). */
const numberSetting = (fallback: number, check: (n: z.ZodNumber) => z.ZodNumber = (n) => n) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    check(z.coerce.number()).default(fallback),
  );

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: z
      .string()
      .trim()
      .default("file:./data/app.db")
      .refine(
        (v) => v.startsWith("file:") || /^postgres(ql)?:\/\/./i.test(v),
        "a SQLite 'file:' URL or a 'postgres://' URL",
      ),
    DATA_DIR: z.string().trim().default("./data"),
    /**
     * Uploads, the decision archive and evaluation reports. Defaults to DATA_DIR; several app
     * instances point it at the same shared storage (NFS, a mounted volume) so any instance can
     * resume another's job, re-index, and show any decision.
     */
    FILES_DIR: optionalString,
    SESSION_TTL_HOURS: positiveInt(24 * 7),
    /** A session unused this long ends (a workstation left signed in), in minutes. */
    SESSION_IDLE_MINUTES: positiveInt(8 * 60),
    /** Behind a reverse proxy: take the client address from X-Forwarded-For (rate limits per IP). */
    TRUST_PROXY: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
    /** How long a write waits for another writer (SQLITE_BUSY; a PostgreSQL lock) before `db:busy`, in ms. */
    DB_BUSY_TIMEOUT_MS: positiveInt(10_000),
    /** PostgreSQL only: connections per process (each app instance and job process has its own pool). */
    DB_POOL_MAX: positiveInt(10),
    /** Answers written at the same time by this server; more wait their turn (shown as waiting). */
    MAX_CONCURRENT_ANSWERS: positiveInt(16),
    /** Personal API tokens (REST /api/v1, MCP /api/mcp): requests per token per minute. */
    API_RATE_PER_MINUTE: positiveInt(120),
    /** Of those, questions (POST /api/v1/ask, ask_with_citations) per token per minute: each spends model calls. */
    API_ASK_RATE_PER_MINUTE: positiveInt(10),
    /**
     * A streamed API answer (`POST /api/v1/ask` as Server-Sent Events) sends a comment line this
     * often while it waits (a busy database, a model thinking), so proxies never close a quiet stream.
     */
    SSE_KEEPALIVE_SECONDS: numberSetting(10, (n) => n.positive().max(300)),
    /**
     * Single sign-on requests (start and callback, each one) per client address per minute, counted
     * for all server processes together: a sign-in is two.
     */
    SSO_RATE_PER_MINUTE: positiveInt(60),
    /** The longest lifetime a new API token may be given, in days. */
    API_TOKEN_MAX_DAYS: positiveInt(365),
    /**
     * The bearer token Prometheus sends to scrape GET /api/metrics (at least 16 characters). Unset:
     * the endpoint answers 404 (metrics off).
     */
    METRICS_TOKEN: optionalString.pipe(z.string().min(16).optional()),
    /**
     * Log lines: `json` (one JSON object a line) or `text` (`[area] message`). `auto`: JSON in the
     * server, text in the command-line scripts (scripts/cli.ts).
     */
    LOG_FORMAT: z.enum(["auto", "json", "text"]).default("auto"),
    /** The least severe log level written. */
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace"]).default("info"),
    /** `1`: log lines may carry a lawyer's question text (off: never written). */
    LOG_QUESTIONS: z
      .enum(["1", "0", "true", "false", ""])
      .default("0")
      .transform((v) => v === "1" || v === "true"),
    /** Sent by Next behind a TLS proxy; marks the session cookie `Secure`. */
    COOKIE_SECURE: z
      .enum(["true", "false", "auto"])
      .default("auto")
      .transform((v) => (v === "auto" ? undefined : v === "true")),

    ADMIN_EMAIL: z.email().default("admin@example.com"),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(10).optional()),

    /** The address lawyers open the app at (https://research.firm.example); SSO's redirect address is built on it. */
    APP_URL: optionalUrl,
    /** Single sign-on (OpenID Connect, lib/auth/sso*.ts; docs/configuration.md "Single sign-on"). */
    OIDC_ISSUER_URL: optionalUrl,
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    OIDC_DISPLAY_NAME: z.string().trim().min(1).default("회사 계정"),
    OIDC_SCOPES: z.string().trim().min(1).default("openid email profile"),
    /** The role of an account created at its first SSO sign-in; "none": only existing accounts may sign in. */
    OIDC_DEFAULT_ROLE: z.enum(["lawyer", "admin", "none"]).default("lawyer"),
    /** A claim (groups, roles) whose values decide the role at every SSO sign-in; unset: roles stay as the admin set them. */
    OIDC_ROLE_CLAIM: optionalString,
    OIDC_ADMIN_VALUES: commaList,
    OIDC_LAWYER_VALUES: commaList,
    /** Take the provider's e-mail as verified without an email_verified claim (Entra ID sends none). */
    OIDC_TRUST_EMAIL: booleanSetting("false"),
    /** Password sign-in off for everyone but SSO_BREAK_GLASS_EMAIL (default: ADMIN_EMAIL). */
    SSO_ONLY: booleanSetting("false"),
    SSO_BREAK_GLASS_EMAIL: optionalString.pipe(z.email().optional()),

    LLM_BASE_URL: optionalUrl,
    LLM_API_KEY: optionalString,
    LLM_MODEL: optionalString,
    LLM_MODEL_ANALYST: optionalString,
    LLM_MODEL_JUDGE: optionalString,
    LLM_MODEL_ANSWER: optionalString,
    LLM_TIMEOUT_MS: positiveInt(60_000),

    EMBEDDINGS_BASE_URL: optionalUrl,
    EMBEDDINGS_API_KEY: optionalString,
    EMBEDDINGS_MODEL: optionalString,
    EMBEDDINGS_DIMENSIONS: z.coerce.number().int().positive().optional(),
    EMBEDDINGS_TIMEOUT_MS: positiveInt(30_000),

    RERANK_BASE_URL: optionalUrl,
    RERANK_API_KEY: optionalString,
    RERANK_MODEL: optionalString,
    RERANK_TIMEOUT_MS: positiveInt(30_000),

    VECTOR_STORE: z.enum(["embedded", "qdrant"]).default("embedded"),
    /** One URL (a node, or a load balancer in front of the nodes) or the nodes' URLs separated by commas. */
    QDRANT_URL: optionalUrlList,
    QDRANT_API_KEY: optionalString,
    /** Per request and attempt, in ms; an attempt that takes longer goes to the next node or is retried. */
    QDRANT_TIMEOUT_MS: positiveInt(30_000),
    /** Attempts after the first for a request that met an outage (no answer, timeout, 408, 429, 5xx). */
    QDRANT_RETRIES: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z.coerce.number().int().min(0).max(10).default(3),
    ),
    QDRANT_COLLECTION: z.string().trim().min(1).default("precedent_chunks"),
    /** A Qdrant cluster: shards and copies of the collection when the app creates it (unset: 1 and 1). */
    QDRANT_SHARDS: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().positive().optional()),
    QDRANT_REPLICATION_FACTOR: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.coerce.number().int().positive().optional(),
    ),
    /**
     * The embedded store's dense search: an HNSW graph per corpus from EMBEDDED_ANN_MIN_VECTORS
     * vectors, searched EMBEDDED_ANN_EF wide (lib/store/dense-index.ts); false: always exact.
     */
    EMBEDDED_ANN: z
      .enum(["true", "false"])
      .default("true")
      .transform((v) => v === "true"),
    EMBEDDED_ANN_MIN_VECTORS: positiveInt(5_000),
    EMBEDDED_ANN_EF: positiveInt(1_024),

    /** Ingestion: one upload's received bytes (all files together) and its file count (zip entries included). */
    UPLOAD_MAX_MB: positiveInt(512),
    UPLOAD_MAX_FILES: positiveInt(20_000),
    /** One upload's bytes once its zips are unpacked, and the largest unpacked:packed ratio of a zip entry. */
    UPLOAD_MAX_UNPACKED_MB: positiveInt(2_048),
    UPLOAD_MAX_RATIO: positiveInt(200),
    /** The largest single decision file (or JSON record) accepted; bigger ones are refused by name. */
    DECISION_MAX_MB: positiveInt(8),
    /** Running jobs (ingestion, evaluation) write a heartbeat this often; one silent for JOB_STALE_SECONDS is interrupted. */
    JOB_HEARTBEAT_SECONDS: positiveInt(5),
    JOB_STALE_SECONDS: positiveInt(30),
    /** Structure-aware chunking: a section is split only past CHUNK_SIZE characters. */
    CHUNK_SIZE: positiveInt(800),
    CHUNK_OVERLAP: z.coerce.number().int().min(0).default(100),
    /** Decisions an import writes to the store at once and commits in one database transaction. */
    INGEST_BATCH_SIZE: numberSetting(32, (n) => n.int().positive().max(1_000)),
    /**
     * Tests only (tests/ingest/import-complete.test.ts): the import process kills itself with SIGKILL
     * when its Nth batch is in the store and the archive but not yet committed — the worst moment
     * for a crash. Unset in any real deployment.
     */
    INGEST_TEST_KILL_BEFORE_COMMIT: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.coerce.number().int().positive().optional(),
    ),
    EMBEDDINGS_BATCH_SIZE: positiveInt(64),

    /** How long a component's reachability probe result is reused, in seconds. */
    STATUS_CACHE_SECONDS: z.coerce.number().int().min(0).default(30),
    /**
     * Chat calls wait on a lawyer: embeddings and reranking get short timeouts of their own (bulk
     * import keeps EMBEDDINGS_TIMEOUT_MS and its longer retries). After a chat call to a component
     * fails, later questions skip it for FAULT_COOLDOWN_SECONDS and the status panel shows it amber.
     */
    CHAT_EMBEDDINGS_TIMEOUT_MS: positiveInt(5_000),
    CHAT_RERANK_TIMEOUT_MS: positiveInt(8_000),
    FAULT_COOLDOWN_SECONDS: z.coerce.number().int().min(0).default(30),
    /**
     * The longest a lawyer waits for an answer once it starts being written: then model calls are
     * cut and the answer ends with what exists (the text so far, or the precedents found).
     */
    ANSWER_DEADLINE_SECONDS: positiveInt(90),
    /**
     * Declining on thin evidence: when the reranker's best score for a question is below this, no
     * answer is written; the chat says the corpus does not settle the question and lists the
     * closest precedents. 0 turns this gate off. (An answer whose main claim no citation supports
     * is declined after the citation check regardless.)
     */
    DECLINE_MIN_RERANK_SCORE: z.coerce.number().min(0).default(0.05),
    /**
     * Record every model call (chat, embeddings, rerank) to this JSONL file, or answer every call
     * from such a file without the network (a missing reply is an error, ai:replay_missing).
     */
    MODEL_CALLS_RECORD: optionalString,
    MODEL_CALLS_REPLAY: optionalString,

    /** Query-time strategies (docs/method.md §2, §5; docs/user-guide.md "검색 전략 / Strategies"). */
    SYNONYM_TEMPERATURE: numberSetting(0, (n) => n.min(0).max(2)),
    MULTI_QUERY_TEMPERATURE: numberSetting(0, (n) => n.min(0).max(2)),
    HYDE_TEMPERATURE: numberSetting(0, (n) => n.min(0).max(2)),
    /** CC-RAG confidence: sigmoid(w1·mean log-prob + w2·length + w3·informative + w4·overlap) against τ. */
    CCRAG_W_LOGPROB: numberSetting(1),
    CCRAG_W_LENGTH: numberSetting(1),
    CCRAG_W_INFORMATIVE: numberSetting(1),
    CCRAG_W_OVERLAP: numberSetting(2),
    CCRAG_TAU: numberSetting(0.8, (n) => n.min(0).max(1)),
    CCRAG_DELTA_K: numberSetting(3, (n) => n.int().positive()),
    CCRAG_MAX_RETRIES: numberSetting(2, (n) => n.int().min(0)),
    CCRAG_K_MIN: numberSetting(2, (n) => n.int().positive()),
    CCRAG_K_MAX: numberSetting(10, (n) => n.int().positive()),
    CCRAG_TOKEN_BUDGET: numberSetting(3000, (n) => n.int().positive()),

    /** Enrichment jobs (docs/method.md §3, §4; docs/admin-guide.md "보강 / Enrichment"): contexts and atomic questions per chunk. */
    ENRICH_MODEL: optionalString,
    /** Model calls in flight at once (live mode); 429/5xx answers back off (EMBEDDINGS_RETRY's policy). */
    ENRICH_CONCURRENCY: numberSetting(8, (n) => n.int().positive().max(256)),
    /** Tries per chunk within one job (a failed chunk is tried again after the pass, then left for later). */
    ENRICH_MAX_ATTEMPTS: numberSetting(2, (n) => n.int().positive().max(10)),
    /** The decision text sent as the context prompt's prefix is cut to this many characters. */
    ENRICH_DOC_MAX_CHARS: numberSetting(40_000, (n) => n.int().positive()),
    /** Prices per 1M tokens (any currency) for the cost estimate; cached input defaults to the input price. */
    ENRICH_PRICE_INPUT_PER_1M: numberSetting(0, (n) => n.min(0)),
    ENRICH_PRICE_OUTPUT_PER_1M: numberSetting(0, (n) => n.min(0)),
    ENRICH_PRICE_CACHED_INPUT_PER_1M: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z.coerce.number().min(0).optional(),
    ),
    /** Batch mode's price as a share of the live price (OpenAI's Batch API: half). */
    ENRICH_BATCH_DISCOUNT: numberSetting(0.5, (n) => n.min(0).max(1)),
    ENRICH_BATCH_POLL_SECONDS: numberSetting(30, (n) => n.positive()),
    /** Requests per batch file (OpenAI allows 50,000 and 200 MB). */
    ENRICH_BATCH_MAX_REQUESTS: numberSetting(5_000, (n) => n.int().positive().max(50_000)),
    /** The `atomic` strategy: rounds N, tags per sub-question k, cosine threshold δ, and BM25's calibrated one. */
    ATOMIC_MAX_ROUNDS: numberSetting(5, (n) => n.int().positive().max(10)),
    ATOMIC_TOP_K: numberSetting(4, (n) => n.int().positive().max(20)),
    ATOMIC_THRESHOLD: numberSetting(0.5, (n) => n.min(-1).max(1)),
    ATOMIC_BM25_THRESHOLD: numberSetting(0.7, (n) => n.min(0)),
  })
  .superRefine((env, ctx) => {
    if (env.VECTOR_STORE === "qdrant" && !env.QDRANT_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["QDRANT_URL"],
        message: "required when VECTOR_STORE=qdrant",
      });
    }
    if (
      env.LLM_BASE_URL &&
      !(env.LLM_MODEL || (env.LLM_MODEL_ANALYST && env.LLM_MODEL_JUDGE && env.LLM_MODEL_ANSWER))
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["LLM_MODEL"],
        message: "required when LLM_BASE_URL is set (or set LLM_MODEL_ANALYST, _JUDGE and _ANSWER)",
      });
    }
    if (env.EMBEDDINGS_BASE_URL && !env.EMBEDDINGS_MODEL) {
      ctx.addIssue({
        code: "custom",
        path: ["EMBEDDINGS_MODEL"],
        message: "required when EMBEDDINGS_BASE_URL is set",
      });
    }
    if (env.JOB_STALE_SECONDS < 3 * env.JOB_HEARTBEAT_SECONDS) {
      ctx.addIssue({
        code: "custom",
        path: ["JOB_STALE_SECONDS"],
        message: "must be at least 3 × JOB_HEARTBEAT_SECONDS",
      });
    }
    if (env.CHUNK_OVERLAP >= env.CHUNK_SIZE) {
      ctx.addIssue({ code: "custom", path: ["CHUNK_OVERLAP"], message: "must be smaller than CHUNK_SIZE" });
    }
    if (env.MODEL_CALLS_RECORD && env.MODEL_CALLS_REPLAY) {
      ctx.addIssue({
        code: "custom",
        path: ["MODEL_CALLS_REPLAY"],
        message: "set MODEL_CALLS_RECORD or _REPLAY, not both",
      });
    }
    if (env.CCRAG_K_MIN > env.CCRAG_K_MAX) {
      ctx.addIssue({ code: "custom", path: ["CCRAG_K_MIN"], message: "must not exceed CCRAG_K_MAX" });
    }
    if (env.OIDC_ISSUER_URL && !env.OIDC_CLIENT_ID) {
      ctx.addIssue({ code: "custom", path: ["OIDC_CLIENT_ID"], message: "required when OIDC_ISSUER_URL is set" });
    }
    // Plain http only to a provider on this machine (a test provider): elsewhere tokens would cross the network in clear.
    if (
      env.OIDC_ISSUER_URL?.startsWith("http:") &&
      !/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:|\/|$)/.test(env.OIDC_ISSUER_URL)
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["OIDC_ISSUER_URL"],
        message: "must be https:// (http only for localhost)",
      });
    }
    if (env.SSO_ONLY && !env.OIDC_ISSUER_URL) {
      ctx.addIssue({ code: "custom", path: ["SSO_ONLY"], message: "needs OIDC_ISSUER_URL (nobody could sign in)" });
    }
    if (env.RERANK_BASE_URL && !env.RERANK_MODEL) {
      ctx.addIssue({ code: "custom", path: ["RERANK_MODEL"], message: "required when RERANK_BASE_URL is set" });
    }
  });

export type Env = z.infer<typeof schema>;

/** Every variable the app reads, as declared above (docs/configuration.md is checked against it). */
export const ENV_VARIABLES: readonly string[] = Object.keys(schema.shape);

export class EnvError extends Error {
  readonly variables: string[];
  constructor(issues: z.core.$ZodIssue[]) {
    const lines = issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
    super(`Invalid configuration (see .env.example):\n${lines.join("\n")}`);
    this.name = "EnvError";
    this.variables = issues.map((i) => i.path.join("."));
  }
}

/** Parses an environment record; exported so tests can validate without touching process.env. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) throw new EnvError(result.error.issues);
  return result.data;
}

let cached: Env | undefined;

/** The validated settings of this process (parsed on first use, then reused). */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Where files every instance must see live: FILES_DIR, or DATA_DIR when unset. */
export function filesDir(settings: Env = env()): string {
  return settings.FILES_DIR ?? settings.DATA_DIR;
}

/** Drops the cached settings; only tests that change process.env need it. */
export function resetEnvCache(): void {
  cached = undefined;
}

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as uploadPost } from "@/app/api/admin/corpora/[id]/upload/route";
import { POST as evalPost } from "@/app/api/admin/evals/route";
import { signIn } from "@/lib/auth/session";
import { registerUser } from "@/lib/auth/users";
import { createCorpus } from "@/lib/db/corpora";
import { listEvalJobs } from "@/lib/db/eval-jobs";
import { listJobs } from "@/lib/db/jobs";
import { resetEnvCache } from "@/lib/env";
import { useTestDatabase } from "../support/test-db";

/**
 * The unsafe route handlers called as Next calls them: a Request with the admin's session cookie
 * (read through next/headers' cookies(), stubbed here since there is no Next request scope) and
 * Origin headers. Queued jobs are recorded, not run.
 */
const session = vi.hoisted(() => ({ token: undefined as string | undefined }));
const dispatched = vi.hoisted(() => [] as string[]);
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (session.token ? { name, value: session.token } : undefined),
  }),
}));
vi.mock("@/lib/jobs/dispatch", () => ({
  dispatchJob: (_kind: unknown, id: string) => {
    dispatched.push(id);
  },
}));

const HOST = "rag.firm.test";
let corpusId: string;

beforeAll(async () => {
  useTestDatabase();
  process.env.FILES_DIR = mkdtempSync(join(tmpdir(), "rar-cross-site-"));
  resetEnvCache();
  await registerUser({ email: "admin@firm.test", name: "관리자", role: "admin", password: "admin-password-1" });
  session.token = (await signIn("admin@firm.test", "admin-password-1")).token;
  corpusId = (await createCorpus("cross-site")).id;
});

beforeEach(() => {
  dispatched.length = 0;
});

function post(path: string, form: FormData, origin: string): Request {
  return new Request(`http://${HOST}${path}`, { method: "POST", body: form, headers: { host: HOST, origin } });
}

function uploadForm(): FormData {
  const form = new FormData();
  form.append("paths", "a.md");
  form.append("files", new Blob(["# 대법원 2021다1 판결\n\n본문"]), "a.md");
  return form;
}

function evalForm(): FormData {
  const form = new FormData();
  form.append("bench", new Blob(['{"id": "r1", "question": "질문", "gold_case_numbers": ["2021다1"]}\n']), "b.jsonl");
  form.append("corpusId", corpusId);
  form.append("systems", "llm-only");
  return form;
}

const params = () => ({ params: Promise.resolve({ id: corpusId }) });

describe("POST /api/admin/corpora/{id}/upload", () => {
  it("refuses a foreign Origin with 403 auth:cross_site and creates no job", async () => {
    const response = await uploadPost(
      post(`/api/admin/corpora/${corpusId}/upload`, uploadForm(), "http://evil.example"),
      params(),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "auth:cross_site" });
    expect(await listJobs(corpusId)).toEqual([]);
    expect(dispatched).toEqual([]);
  });

  it("accepts the same origin: 202 and a queued job", async () => {
    const response = await uploadPost(
      post(`/api/admin/corpora/${corpusId}/upload`, uploadForm(), `https://${HOST}`),
      params(),
    );
    expect(response.status).toBe(202);
    const { jobId } = (await response.json()) as { jobId: string };
    expect(dispatched).toEqual([jobId]);
  });
});

describe("POST /api/admin/evals", () => {
  it("refuses a foreign Origin with 403 auth:cross_site and starts no evaluation", async () => {
    const before = (await listEvalJobs()).length;
    const response = await evalPost(post("/api/admin/evals", evalForm(), "http://evil.example"));
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "auth:cross_site" });
    expect(await listEvalJobs()).toHaveLength(before);
    expect(dispatched).toEqual([]);
  });

  it("accepts the same origin: 202 and a queued evaluation", async () => {
    const response = await evalPost(post("/api/admin/evals", evalForm(), `https://${HOST}`));
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };
    expect(dispatched).toEqual([id]);
  });
});

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { POST as upload } from "@/app/api/admin/statutes/upload/route";
import { signIn } from "@/lib/auth/session";
import { registerUser } from "@/lib/auth/users";
import { listAuditEntries } from "@/lib/db/audit";
import { resetEnvCache } from "@/lib/env";
import { findArticle } from "@/lib/statutes/lookup";
import { useTestDatabase } from "../support/test-db";
import { deflateZeros, zip } from "../support/zip-writer";

/**
 * 관리 → 법령: the admin upload route as Next calls it (next/headers' cookies() stubbed): an admin's
 * .md files imported at once with a line per file, audited; a lawyer, another site and a file that
 * is no statute refused.
 */
const session = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock("next/headers", () => ({
  cookies: async () => ({ get: (name: string) => (session.token ? { name, value: session.token } : undefined) }),
}));

const HOST = "rag.firm.test";
let adminToken: string;
let lawyerToken: string;

beforeAll(async () => {
  useTestDatabase();
  resetEnvCache();
  await registerUser({ email: "admin@firm.test", name: "관리자", role: "admin", password: "admin-pass-12" });
  await registerUser({ email: "lawyer@firm.test", name: "변호사", role: "lawyer", password: "lawyer-pass-12" });
  adminToken = (await signIn("admin@firm.test", "admin-pass-12")).token;
  lawyerToken = (await signIn("lawyer@firm.test", "lawyer-pass-12")).token;
});

function form(files: [string, string][]): FormData {
  const body = new FormData();
  for (const [name, text] of files) body.append("files", new Blob([text]), name);
  return body;
}
const post = (body: FormData, origin = `http://${HOST}`) =>
  upload(
    new Request(`http://${HOST}/api/admin/statutes/upload`, { method: "POST", body, headers: { host: HOST, origin } }),
  );

describe("POST /api/admin/statutes/upload", () => {
  it("imports an admin's statute files with a line per file and one audit row", async () => {
    session.token = adminToken;
    const minbeop = readFileSync(resolve("tests/fixtures/statutes/e2e/민법.md"), "utf8");
    const bad = readFileSync(resolve("tests/fixtures/statutes/bad/머리말없음.md"), "utf8");
    const res = await post(
      form([
        ["민법.md", minbeop],
        ["머리말없음.md", bad],
      ]),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { imported: number; lines: string[] };
    expect(body.imported).toBe(1);
    expect(body.lines[0]).toContain("민법 조문 6개");
    expect(body.lines[1]).toMatch(/^머리말없음\.md: /);
    expect((await findArticle("민법", "제750조"))?.title).toBe("불법행위의 내용");
    const audit = await listAuditEntries({ actions: ["statute.import"] });
    expect(audit[0]?.detail).toBe("민법(2021-01-26) · 실패 1건");
  });

  it("imports the statutes of a zip (README and other files skipped), and refuses a zip bomb as too large", async () => {
    session.token = adminToken;
    const minbeop = readFileSync(resolve("tests/fixtures/statutes/e2e/민법.md"));
    const body = new FormData();
    const packed = zip([
      { name: "법령/민법.md", data: minbeop },
      { name: "법령/README.md", data: Buffer.from("# 설명") },
      { name: "법령/메모.txt", data: Buffer.from("메모") },
    ]);
    body.append("files", new Blob([new Uint8Array(packed)]), "법령.zip");
    const res = await post(body);
    expect(res.status).toBe(200);
    const result = (await res.json()) as { imported: number; skipped: string[] };
    expect(result.imported).toBe(1);
    expect(result.skipped).toEqual(["법령.zip/법령/README.md", "법령.zip/법령/메모.txt"]);

    const bomb = new FormData();
    const zeros = await deflateZeros(200 * 1024 * 1024);
    bomb.append("files", new Blob([new Uint8Array(zip([{ name: "민법.md", packed: zeros }]))]), "폭탄.zip");
    const refused = await post(bomb);
    expect(refused.status).toBe(413);
  });

  it("refuses a lawyer, another site's page, and an upload with no statute file", async () => {
    session.token = lawyerToken;
    expect((await post(form([["민법.md", "x"]]))).status).toBe(403);
    session.token = adminToken;
    expect((await post(form([["민법.md", "x"]]), "http://evil.example")).status).toBe(403);
    const none = await post(form([["메모.txt", "법령이 아닙니다"]]));
    expect(none.status).toBe(400);
    expect(((await none.json()) as { error: string }).error).toContain(".md 또는 .zip");
  });
});

import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { E2E_USERS } from "../playwright.config";
import { deflateZeros, zip } from "../tests/support/zip-writer";
import { signIn } from "./helpers";

const decision = (caseNo: string) =>
  Buffer.from(
    `---\n사건번호: ${caseNo}\n사건명: 손해배상(기)\n법원명: 대법원\n법원등급: 대법원\n사건종류: 민사\n선고일자: 2099-03-04\n---\n\n# 손해배상(기)\n\n## 판시사항\n\n가상의 판시사항입니다.\n\n## 판결요지\n\n가상의 판결요지입니다.\n`,
  );

async function newCorpus(page: Page, name: string) {
  await signIn(page, E2E_USERS.admin.email, E2E_USERS.admin.password);
  await page.goto("/admin/corpora");
  await page.getByTestId("corpus-name").fill(name);
  await page.getByTestId("create-corpus-submit").click();
  await expect(page.getByTestId("corpus-title")).toHaveText(name);
}

test.describe("zip uploads", () => {
  test("a zip from Korean Windows is unpacked with its names, skipped entries are listed", async ({ page }) => {
    await newCorpus(page, "zip 판례");
    // "판례/대법원.md" in CP949 without the UTF-8 flag, as Info-ZIP and Windows write it.
    const cp949Name = Uint8Array.from([
      0xc6, 0xc7, 0xb7, 0xca, 0x2f, 0xb4, 0xeb, 0xb9, 0xfd, 0xbf, 0xf8, 0x2e, 0x6d, 0x64,
    ]);
    const archive = zip([
      { name: cp949Name, data: decision("2099다4321"), utf8Flag: false },
      { name: "사진.png", data: Buffer.from("png") },
      { name: "../escape.md", data: decision("2099다9999") },
      { name: "__MACOSX/판례/._대법원.md", data: Buffer.from("x") },
    ]);
    await page
      .getByTestId("upload-files")
      .setInputFiles([{ name: "판례.zip", mimeType: "application/zip", buffer: archive }]);
    await page.getByTestId("upload-submit").click();
    await expect(page.getByTestId("job-status")).toHaveAttribute("data-status", "done", { timeout: 60_000 });
    await expect(page.getByTestId("documents-table")).toContainText("2099다4321");
    await expect(page.getByTestId("documents-table")).not.toContainText("2099다9999");
    const skipped = page.getByTestId("job-skipped");
    await expect(skipped).toContainText("건너뛴 항목 3건");
    await skipped.locator("summary").click();
    await expect(skipped).toContainText("판례.zip/사진.png");
    await expect(skipped).toContainText("판례.zip/../escape.md");
    await expect(skipped).toContainText("폴더 밖");
    await expect(skipped).toContainText("판례.zip/__MACOSX/판례/._대법원.md");
  });

  test("a 500 KB zip that inflates to 500 MB is refused with a clear message", async ({ page }) => {
    await newCorpus(page, "압축 폭탄");
    const archive = zip([{ name: "zeros.md", packed: await deflateZeros(500 * 1_048_576) }]);
    await page
      .getByTestId("upload-files")
      .setInputFiles([{ name: "bomb.zip", mimeType: "application/zip", buffer: archive }]);
    const answer = page.waitForResponse((r) => r.url().endsWith("/upload"));
    await page.getByTestId("upload-submit").click();
    expect((await answer).status()).toBe(413);
    await expect(page.getByTestId("upload-error")).toContainText("압축률이 비정상적으로 높은 항목");
    // The refused upload's job is a visible failure once the page is reloaded.
    await page.reload();
    await expect(page.getByTestId("job-status")).toHaveAttribute("data-status", "failed");
  });

  test("the server writes an upload to disk while it is still arriving (chunked, no Content-Length)", async ({
    page,
    baseURL,
  }) => {
    await newCorpus(page, "스트리밍");
    const corpusId = page.url().split("/").pop() ?? "";
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const uploads = resolve("data/e2e/uploads");
    const before = new Set(existsSync(uploads) ? readdirSync(uploads) : []);
    /** The first part's bytes on disk in a new upload folder, or 0. */
    const receivedSoFar = () => {
      for (const id of existsSync(uploads) ? readdirSync(uploads) : []) {
        const part = join(uploads, id, ".incoming", "0");
        if (!before.has(id) && existsSync(part)) return statSync(part).size;
      }
      return 0;
    };
    const boundary = "----e2e-stream";
    const encoder = new TextEncoder();
    let seenWhileSending = 0;
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(
          encoder.encode(
            `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="스트림.md"\r\nContent-Type: text/markdown\r\n\r\n`,
          ),
        );
        controller.enqueue(decision("2099다5555"));
        controller.enqueue(encoder.encode("\n".repeat(256 * 1024)));
        // Hold the rest back until the server has put what it got on disk.
        for (let i = 0; i < 200 && seenWhileSending === 0; i++) {
          await new Promise((r) => setTimeout(r, 50));
          seenWhileSending = receivedSoFar();
        }
        controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
        controller.close();
      },
    });
    const response = await fetch(`${baseURL}/api/admin/corpora/${corpusId}/upload`, {
      method: "POST",
      headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(202);
    expect(seenWhileSending).toBeGreaterThan(0);
    await page.reload();
    await expect(page.getByTestId("job-status")).toHaveAttribute("data-status", "done", { timeout: 60_000 });
    await expect(page.getByTestId("documents-table")).toContainText("2099다5555");
  });
});

import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_USERS } from "../playwright.config";
import { signIn } from "./helpers";

const SHARED = resolve("../shared/data/precedents");
const FILES = [
  resolve(SHARED, "가사/대법원/대법원_1976-12-28_76므41.md"),
  resolve(SHARED, "가사/대법원/대법원_1994-11-25_94므826_833.md"),
];

test.describe("corpus ingestion", () => {
  test("an admin creates a corpus and sees the empty state", async ({ page }) => {
    await signIn(page, E2E_USERS.admin.email, E2E_USERS.admin.password);
    await page.goto("/admin/corpora");
    await page.getByTestId("corpus-name").fill("빈 말뭉치");
    await page.getByTestId("create-corpus-submit").click();
    await expect(page.getByTestId("corpus-title")).toHaveText("빈 말뭉치");
    await expect(page.getByTestId("documents-empty")).toBeVisible();
  });

  test("an admin uploads two real decisions and finds their case numbers", async ({ page }) => {
    test.skip(!existsSync(SHARED), "../shared/data is not present in this checkout");
    await signIn(page, E2E_USERS.admin.email, E2E_USERS.admin.password);
    await page.goto("/admin/corpora");
    await page.getByTestId("corpus-name").fill("가사 판례");
    await page.getByTestId("create-corpus-submit").click();
    await expect(page.getByTestId("corpus-title")).toHaveText("가사 판례");

    await page.getByTestId("upload-files").setInputFiles(FILES);
    await expect(page.getByTestId("upload-selection")).toContainText("2개 파일");
    await page.getByTestId("upload-submit").click();

    await expect(page.getByTestId("job-status")).toHaveAttribute("data-status", "done", { timeout: 60_000 });
    await expect(page.getByTestId("job-progress")).toHaveAttribute("aria-valuenow", "100");
    const table = page.getByTestId("documents-table");
    await expect(table).toContainText("76므41");
    await expect(table).toContainText("94므826, 833");
    await expect(page.getByTestId("corpus-counts")).toContainText("판례 2건");

    // One of them imported by mistake: deleted from its row, after a confirmation.
    await table
      .getByRole("row", { name: /76므41/ })
      .getByTestId("decision-delete")
      .click();
    const dialog = page.getByTestId("decision-delete-dialog").filter({ visible: true });
    await expect(dialog).toContainText("76므41");
    await dialog.getByTestId("decision-delete-confirm").click();
    await expect(table).not.toContainText("76므41");
    await expect(table).toContainText("94므826, 833");
    await expect(page.getByTestId("corpus-counts")).toContainText("판례 1건");
  });

  test("a broken file is reported by name while the rest is indexed", async ({ page }) => {
    await signIn(page, E2E_USERS.admin.email, E2E_USERS.admin.password);
    await page.goto("/admin/corpora");
    await page.getByTestId("corpus-name").fill("오류 확인");
    await page.getByTestId("create-corpus-submit").click();
    await expect(page.getByTestId("corpus-title")).toHaveText("오류 확인");
    await page.getByTestId("upload-files").setInputFiles([
      { name: "빈파일.md", mimeType: "text/markdown", buffer: Buffer.from("") },
      {
        name: "가상판례.md",
        mimeType: "text/markdown",
        buffer: Buffer.from(
          "---\n사건번호: 2099다1234\n사건명: 손해배상(기)\n법원명: 대법원\n법원등급: 대법원\n사건종류: 민사\n선고일자: 2099-01-02\n---\n\n# 손해배상(기)\n\n## 판시사항\n\n가상의 판시사항입니다.\n\n## 판결요지\n\n가상의 판결요지입니다.\n",
        ),
      },
    ]);
    await page.getByTestId("upload-submit").click();
    await expect(page.getByTestId("job-status")).toHaveAttribute("data-status", "done", { timeout: 60_000 });
    await expect(page.getByTestId("job-errors")).toContainText("빈파일.md");
    await expect(page.getByTestId("documents-table")).toContainText("2099다1234");
  });

  test("a plain-text decision takes its missing metadata from the upload form", async ({ page }) => {
    await signIn(page, E2E_USERS.admin.email, E2E_USERS.admin.password);
    await page.goto("/admin/corpora");
    await page.getByTestId("corpus-name").fill("텍스트 판례");
    await page.getByTestId("create-corpus-submit").click();
    await expect(page.getByTestId("corpus-title")).toHaveText("텍스트 판례");
    await page.getByTestId("upload-files").setInputFiles([
      {
        name: "판결문.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("【판시사항】\n가상의 임대차 분쟁\n\n【판결요지】\n가상의 요지입니다.\n"),
      },
    ]);
    await page.getByText("텍스트 파일의 판례 정보 (선택)").click();
    await page.getByTestId("upload-meta-caseNo").fill("2099가합77");
    await page.getByTestId("upload-meta-court").fill("서울중앙지방법원");
    await page.getByTestId("upload-meta-caseType").fill("민사");
    await page.getByTestId("upload-submit").click();
    await expect(page.getByTestId("job-status")).toHaveAttribute("data-status", "done", { timeout: 60_000 });
    const table = page.getByTestId("documents-table");
    await expect(table).toContainText("2099가합77");
    await expect(table).toContainText("서울중앙지방법원");
  });

  test("a lawyer's upload is refused on the server", async ({ page }) => {
    await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
    const response = await page.request.post("/api/admin/corpora/anything/upload", {
      multipart: {
        files: { name: "x.md", mimeType: "text/markdown", buffer: Buffer.from("---\n사건번호: 1다1\n---\n") },
      },
    });
    expect(response.status()).toBe(403);
    expect((await response.json()).code).toBe("auth:forbidden");
    const page403 = await page.goto("/admin/corpora");
    expect(page403?.status()).toBe(403);
  });
});

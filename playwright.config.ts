import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

// The e2e suite runs the real production build against a throwaway database and the fake model
// servers (tests/fake-servers), driving Debian's Chromium.
// E2E_PORT_BASE moves all three ports (two suites on one machine must not share them).
const BASE = Number(process.env.E2E_PORT_BASE ?? 3100);
const APP_PORT = BASE;
export const FAKE_OPENAI_PORT = BASE + 11;
export const FAKE_RERANK_PORT = BASE + 12;

// As root on a closed network: no sandbox, and no background traffic to hosts we cannot reach.
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

// Debian's headless shell (scripts/ensure-chromium.sh installs it beside the full browser): the same
// engine without the windowing layers, about 40% less CPU on these pages, which on two cores is
// most of the e2e stage's time. The full browser when the shell could not be installed.
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
export const CHROMIUM_PATH = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium";

export const E2E_USERS = {
  admin: { email: "admin@e2e.test", password: "admin-password-e2e", name: "관리자" },
  lawyer: { email: "lawyer@e2e.test", password: "lawyer-password-e2e", name: "김변호" },
} as const;

/**
 * The app's settings in the e2e suite: the web server below, and e2e/prepare-data.ts, with which
 * `npm test` prepares the same database and corpora before this stage (see e2e/start-app.sh).
 */
export const E2E_APP_ENV: Record<string, string> = {
  PORT: String(APP_PORT),
  // E2E_DATABASE_URL=postgres://… runs the suite on an (empty) PostgreSQL database instead.
  DATABASE_URL: process.env.E2E_DATABASE_URL ?? "file:./data/e2e/app.db",
  DATA_DIR: "./data/e2e",
  ADMIN_EMAIL: E2E_USERS.admin.email,
  ADMIN_PASSWORD: E2E_USERS.admin.password,
  E2E_LAWYER: `${E2E_USERS.lawyer.email}:${E2E_USERS.lawyer.password}:lawyer:${E2E_USERS.lawyer.name}`,
  LLM_BASE_URL: `http://127.0.0.1:${FAKE_OPENAI_PORT}/v1`,
  LLM_API_KEY: "test-key",
  LLM_MODEL: "fake-chat",
  EMBEDDINGS_BASE_URL: `http://127.0.0.1:${FAKE_OPENAI_PORT}/v1`,
  EMBEDDINGS_API_KEY: "test-key",
  EMBEDDINGS_MODEL: "fake-embed",
  EMBEDDINGS_DIMENSIONS: "64",
  RERANK_BASE_URL: `http://127.0.0.1:${FAKE_RERANK_PORT}`,
  RERANK_MODEL: "fake-rerank",
  VECTOR_STORE: "embedded",
  STATUS_CACHE_SECONDS: "0",
  // A killed import is noticed within seconds (e2e/jobs.spec.ts kills one).
  JOB_HEARTBEAT_SECONDS: "1",
  JOB_STALE_SECONDS: "3",
};

export default defineConfig({
  testDir: "e2e",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"], ["json", { outputFile: "reports/playwright.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    locale: "ko-KR",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: [
    {
      command: `npx tsx tests/fake-servers/cli.ts --openai-port ${FAKE_OPENAI_PORT} --rerank-port ${FAKE_RERANK_PORT} --rules e2e/fake-rules.json`,
      url: `http://127.0.0.1:${FAKE_OPENAI_PORT}/v1/models`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: "bash e2e/start-app.sh",
      url: `http://127.0.0.1:${APP_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: { ...E2E_APP_ENV, E2E_DATA_PREPARED: process.env.E2E_DATA_PREPARED ?? "" },
    },
  ],
});

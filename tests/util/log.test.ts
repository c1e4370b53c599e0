import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { AppError, logError } from "@/lib/errors";
import { logger, requestIdOf, setLogSink, textLine, withRequestContext } from "@/lib/util/log";

/**
 * The logger's lines as its destination receives them: JSON with the request's id, nothing secret,
 * no question unless LOG_QUESTIONS=1, and the scripts' text form.
 */
const captured: { line: string; severe: boolean }[] = [];

function capture(values: Record<string, string | undefined> = {}): void {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
  captured.length = 0;
  setLogSink((line, severe) => captured.push({ line, severe }));
}

afterEach(() => {
  for (const key of ["LOG_FORMAT", "LOG_QUESTIONS", "LOG_LEVEL"]) delete process.env[key];
  resetEnvCache();
  setLogSink(undefined);
});

const parsed = () => captured.map(({ line }) => JSON.parse(line) as Record<string, unknown>);

describe("the logger", () => {
  it("writes JSON lines with level, time, area and the request id of the context", async () => {
    capture();
    logger("ingest").info("outside");
    await withRequestContext({ requestId: "req-1" }, async () => {
      await new Promise((done) => setTimeout(done, 1));
      logger("ingest").warn({ jobId: "j1" }, "inside");
    });
    const [outside, inside] = parsed();
    expect(outside).toMatchObject({ level: "info", area: "ingest", msg: "outside" });
    expect(outside).not.toHaveProperty("reqId");
    expect(inside).toMatchObject({ level: "warn", area: "ingest", msg: "inside", jobId: "j1", reqId: "req-1" });
    expect(new Date(String(inside?.time)).getTime()).toBeGreaterThan(0);
    expect(captured.map((c) => c.severe)).toEqual([false, true]);
  });

  it("removes secrets, and the question unless LOG_QUESTIONS=1", () => {
    capture();
    logger("chat").info(
      {
        password: "hunter2-secret",
        token: "tok-secret",
        authorization: "Bearer abc-secret",
        headers: { cookie: "session=cookie-secret", authorization: "Bearer def-secret", accept: "text/html" },
        question: "의뢰인의 비밀 질문",
        outcome: "answered",
      },
      "answer",
    );
    const [line] = parsed();
    expect(line).toMatchObject({ outcome: "answered", headers: { accept: "text/html" } });
    expect(captured[0]?.line).not.toMatch(/secret|비밀/);

    capture({ LOG_QUESTIONS: "1" });
    logger("chat").info({ question: "의뢰인의 질문", password: "pw-secret" }, "answer");
    expect(parsed()[0]).toMatchObject({ question: "의뢰인의 질문" });
    expect(captured[0]?.line).not.toContain("pw-secret");
  });

  it("routes logError through it: the code as area, the cause kept", () => {
    capture();
    logError(new AppError("store:unavailable", { detail: "worker gone", cause: new Error("boom") }));
    expect(parsed()[0]).toMatchObject({
      level: "error",
      area: "store:unavailable",
      code: "store:unavailable",
      status: 503,
      cause: "boom",
    });
    expect(captured[0]?.severe).toBe(true);
  });

  it("writes `[area] message` lines in text form (the scripts'), and honours LOG_LEVEL", () => {
    capture({ LOG_FORMAT: "text", LOG_LEVEL: "warn" });
    logger("ingest").info("hidden");
    logger("ingest").warn("job j1: 3 files");
    logger("enrich").error({ err: new Error("disk full") }, "job j2 failed");
    expect(captured.map((c) => c.line)).toEqual(["[ingest] job j1: 3 files\n", "[enrich] job j2 failed disk full\n"]);
    expect(textLine("not json")).toBe("not json");
  });

  it("takes a sane x-request-id and makes one otherwise", () => {
    expect(requestIdOf(new Headers({ "x-request-id": "abc-123_x.y:z" }))).toBe("abc-123_x.y:z");
    for (const odd of ["", "has space", "x".repeat(129), "<script>", 'a"b']) {
      expect(requestIdOf(new Headers({ "x-request-id": odd }))).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(requestIdOf(new Headers())).toMatch(/^[0-9a-f-]{36}$/);
  });
});

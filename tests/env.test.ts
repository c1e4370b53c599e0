import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "@/lib/env";

describe("settings", () => {
  it("starts on embedded defaults with nothing configured", () => {
    const env = parseEnv({});
    expect(env.VECTOR_STORE).toBe("embedded");
    expect(env.DATABASE_URL).toBe("file:./data/app.db");
    expect(env.LLM_BASE_URL).toBeUndefined();
    expect(env.LLM_TIMEOUT_MS).toBe(60_000);
  });

  it("treats empty strings as unset and trims trailing slashes from URLs", () => {
    const env = parseEnv({ LLM_BASE_URL: "http://localhost:8000/v1/", LLM_MODEL: "m", RERANK_BASE_URL: "" });
    expect(env.LLM_BASE_URL).toBe("http://localhost:8000/v1");
    expect(env.RERANK_BASE_URL).toBeUndefined();
  });

  it.each([
    [{ LLM_BASE_URL: "not a url", LLM_MODEL: "m" }, "LLM_BASE_URL"],
    [{ LLM_BASE_URL: "http://localhost:8000/v1" }, "LLM_MODEL"],
    [{ VECTOR_STORE: "qdrant" }, "QDRANT_URL"],
    [{ VECTOR_STORE: "chroma" }, "VECTOR_STORE"],
    [{ EMBEDDINGS_DIMENSIONS: "-3" }, "EMBEDDINGS_DIMENSIONS"],
    [{ EMBEDDINGS_BASE_URL: "http://e/v1" }, "EMBEDDINGS_MODEL"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ ADMIN_PASSWORD: "short" }, "ADMIN_PASSWORD"],
  ])("fails naming the variable for %j", (source, variable) => {
    try {
      parseEnv(source);
      throw new Error("should have failed");
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      expect((error as EnvError).variables).toContain(variable);
      expect((error as Error).message).toContain(variable);
    }
  });

  it("accepts a PostgreSQL DATABASE_URL as well as a SQLite file", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://app:pw@db:5432/rar" }).DATABASE_URL).toBe(
      "postgres://app:pw@db:5432/rar",
    );
    expect(parseEnv({ DATABASE_URL: "postgresql://db/rar" }).DATABASE_URL).toBe("postgresql://db/rar");
  });

  it("accepts per-role models instead of LLM_MODEL", () => {
    const env = parseEnv({
      LLM_BASE_URL: "http://x/v1",
      LLM_MODEL_ANALYST: "a",
      LLM_MODEL_JUDGE: "j",
      LLM_MODEL_ANSWER: "w",
    });
    expect(env.LLM_MODEL_JUDGE).toBe("j");
  });
});

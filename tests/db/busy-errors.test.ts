import { describe, expect, it } from "vitest";
import { isBusyError } from "@/lib/db/busy-retry";

// What counts as "the database is busy" (db:busy, a question held rather than lost): the errors
// node-postgres and Prisma's adapters actually raise, as they nest them.

const wrapped = (cause: unknown) => ({ code: "P2010", message: "Raw query failed", cause });

describe("busy database errors", () => {
  it("reads a connection not had within the budget as busy, nested or not", () => {
    for (const message of [
      "timeout exceeded when trying to connect",
      "Connection terminated due to connection timeout",
    ]) {
      expect(isBusyError(new Error(message))).toBe(true);
      expect(isBusyError(wrapped(new Error(message)))).toBe(true);
    }
  });

  it("reads lock waits and conflicts as busy, and other failures not", () => {
    expect(isBusyError(wrapped({ originalCode: "55P03" }))).toBe(true);
    expect(isBusyError({ meta: { driverAdapterError: { cause: { originalCode: "SQLITE_BUSY" } } } })).toBe(true);
    expect(isBusyError(new Error("Connection terminated unexpectedly"))).toBe(false);
    expect(isBusyError(wrapped({ originalCode: "23505" }))).toBe(false);
  });
});

import { expect } from "vitest";
import { AppError } from "@/lib/errors";

/** The AppError code a call fails with ("no error" when it succeeds); anything else fails the test. */
export async function codeOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).code;
  }
  return "no error";
}

export async function collect(deltas: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const d of deltas) out.push(d);
  return out;
}

/** Retries without the production waits, so retry tests take milliseconds. */
export const FAST_RETRY = { maxRetries: 1, initialDelayMs: 5, maxDelayMs: 50 };

/** A port nothing listens on (the discard port; connections are refused). */
export const DEAD_URL = "http://127.0.0.1:9";

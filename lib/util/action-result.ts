import type { z } from "zod";
import { type ActionResult, AppError, failure } from "../errors";

/** Validates a server action's input; a bad value becomes a typed error with the schema's message. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError("bad_request:input", { userMessage: parsed.error.issues[0]?.message });
  return parsed.data;
}

/** Runs a server action's work; any failure comes back as `{ ok: false, message }` to show. */
export async function actionResult<T>(work: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await work() };
  } catch (error) {
    return failure(error);
  }
}

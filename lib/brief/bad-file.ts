import { AppError } from "../errors";

/** brief:bad_file with what went wrong for the log (`detail`, `cause`); never the draft's text. */
export function badFile(detail: string, cause?: unknown, userMessage?: string): AppError {
  return new AppError("brief:bad_file", { detail, cause, userMessage });
}

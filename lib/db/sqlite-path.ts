import { resolve } from "node:path";

/** SQLite `file:` URLs are relative to the working directory; resolve them once, the same way everywhere. */
export function sqlitePath(url: string): string {
  return resolve(url.replace(/^file:/, ""));
}

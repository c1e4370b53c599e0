import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/**
 * The URL to start a worker thread on a TypeScript file of this project, through tsx's loader, also
 * under `next start` (where the caller is bundled and the worker's files are not): paths come from
 * the project root at run time. Null, with the missing path, when the files are not there.
 */
export function tsWorkerUrl(...entry: string[]): { url: URL } | { missing: string } {
  const root = process.cwd();
  const tsx = join(/*turbopackIgnore: true*/ root, "node_modules", "tsx", "dist", "esm", "api", "index.mjs");
  const file = join(/*turbopackIgnore: true*/ root, ...entry);
  for (const path of [tsx, file]) if (!existsSync(path)) return { missing: path };
  const boot = [
    `import { register } from ${JSON.stringify(pathToFileURL(tsx).href)};`,
    "register();",
    `await import(${JSON.stringify(pathToFileURL(file).href)});`,
  ].join("\n");
  return { url: new URL(`data:text/javascript,${encodeURIComponent(boot)}`) };
}

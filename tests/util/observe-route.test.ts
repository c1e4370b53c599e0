import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every API route is counted, timed and logged (lib/util/observe-route.ts) under its own pattern:
 * each handler a route file exports is wrapped by observeRoute with the path its folder names.
 */
function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return routeFiles(path);
    return name === "route.ts" ? [path] : [];
  });
}

/** Prerendered at build (force-static): no request reaches a handler to count. */
const STATIC = new Set(["app/api/v1/openapi.json/route.ts"]);

describe("API routes", () => {
  const files = routeFiles("app/api").filter((file) => !STATIC.has(file));

  it("are found", () => {
    expect(files.length).toBeGreaterThan(15);
    expect(files).toContain("app/api/metrics/route.ts");
  });

  it.each(files)("%s wraps each handler with observeRoute and its own pattern", (file) => {
    const source = readFileSync(file, "utf8");
    const pattern = `/${file.slice("app/".length, -"/route.ts".length)}`;
    expect(source).not.toMatch(/export (async )?function (GET|POST|PUT|PATCH|DELETE)\b/);
    const handlers = [...source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE) = ([^\n]*)/g)];
    expect(handlers.length).toBeGreaterThan(0);
    for (const [, , rest] of handlers) {
      expect(rest).toMatch(/^observeRoute\(/);
    }
    const patterns = [...source.matchAll(/observeRoute\(\s*"([^"]+)"/g)].map((m) => m[1]);
    expect(patterns.length).toBe(handlers.length);
    for (const used of patterns) expect(used).toBe(pattern);
  });
});

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/openapi.json/route";

/** Every route under app/api/v1 (path and methods), read from the files as Next reads them. */
function routes(dir = "app/api/v1"): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      for (const [k, v] of routes(path)) found.set(k, v);
    } else if (name === "route.ts") {
      const url = `/${relative("app", dir).replace(/\[(\w+)\]/g, "{$1}")}`;
      const methods = [
        ...readFileSync(path, "utf8").matchAll(/export (?:(?:async )?function|const) (GET|POST|PUT|PATCH|DELETE)\b/g),
      ]
        .map((m) => (m[1] ?? "").toLowerCase())
        .sort();
      found.set(url, methods);
    }
  }
  return found;
}

describe("/api/v1/openapi.json", () => {
  it("describes exactly the routes and methods under app/api/v1", async () => {
    const doc = (await GET().json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\.1/);
    const documented = new Map(Object.entries(doc.paths).map(([path, ops]) => [path, Object.keys(ops).sort()]));
    const actual = routes();
    expect(actual.size).toBeGreaterThanOrEqual(4);
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(actual));
  });

  it("marks every route but the document itself as needing the bearer token", async () => {
    const doc = (await GET().json()) as {
      security: unknown[];
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    expect(doc.security).toEqual([{ bearer: [] }]);
    const open = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => Array.isArray(op.security) && op.security.length === 0)
        .map(([m]) => `${m} ${p}`),
    );
    expect(open).toEqual(["get /api/v1/openapi.json"]);
  });
});

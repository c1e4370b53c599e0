import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ENV_VARIABLES, parseEnv } from "@/lib/env";

/**
 * docs/configuration.md cannot drift from lib/env.ts: every variable the schema declares is listed
 * there, nothing is listed that the app does not read (but for the few read by Next itself), and a
 * default written as one literal is the default the schema applies.
 */

/** Read by Next or by `npm run setup`, not by lib/env.ts. */
const READ_ELSEWHERE = new Set(["PORT"]);

interface Row {
  variable: string;
  defaultCell: string;
}

function documentedRows(): Row[] {
  const text = readFileSync("docs/configuration.md", "utf8");
  const rows: Row[] = [];
  for (const line of text.split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    // | `NAME` | default | meaning |  → ["", "`NAME`", default, meaning, ""]
    const name = /^`([A-Z][A-Z0-9_]*)`$/.exec(cells[1] ?? "")?.[1];
    if (name && cells.length >= 5) rows.push({ variable: name, defaultCell: cells[2] ?? "" });
  }
  return rows;
}

describe("docs/configuration.md", () => {
  const rows = documentedRows();
  const documented = rows.map((row) => row.variable);

  it("lists every variable of lib/env.ts", () => {
    expect(ENV_VARIABLES.length).toBeGreaterThan(50);
    expect(ENV_VARIABLES.filter((name) => !documented.includes(name))).toEqual([]);
  });

  it("lists nothing the app does not read, and each variable once", () => {
    expect(documented.filter((name) => !ENV_VARIABLES.includes(name) && !READ_ELSEWHERE.has(name))).toEqual([]);
    expect(documented.filter((name, i) => documented.indexOf(name) !== i)).toEqual([]);
  });

  it("states the defaults the schema applies", () => {
    const defaults = parseEnv({}) as Record<string, unknown>;
    const checked: string[] = [];
    for (const { variable, defaultCell } of rows) {
      const literal = /^`([^`]+)`$/.exec(defaultCell)?.[1];
      if (!literal || READ_ELSEWHERE.has(variable)) continue;
      // A default written as another variable's name (`LLM_MODEL`, `DATA_DIR`) is applied in code.
      if (ENV_VARIABLES.includes(literal)) continue;
      expect(String(defaults[variable]), variable).toBe(literal);
      checked.push(variable);
    }
    expect(checked.length).toBeGreaterThan(40);
  });

  it("matches .env.example, which lists the same variables", () => {
    const example = readFileSync(".env.example", "utf8");
    const names = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
    // NODE_ENV is set by Next, never in a .env file.
    expect(ENV_VARIABLES.filter((name) => name !== "NODE_ENV" && !names.includes(name))).toEqual([]);
    expect(names.filter((name) => !ENV_VARIABLES.includes(name as string))).toEqual([]);
  });
});

// Draws docs/architecture.md's diagram from the code: dependency-cruiser's mermaid output over lib/,
// one box per folder (and per root file), between the markers of that page.
//   npm run docs:architecture           rewrites the diagram
//   npm run docs:architecture -- --check  exits 1 when the committed diagram is out of date (npm test)
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const page = join(root, "docs", "architecture.md");
const START = "<!-- diagram:start (npm run docs:architecture) -->";
const END = "<!-- diagram:end -->";

const mermaid = execFileSync(
  join(root, "node_modules", ".bin", "depcruise"),
  [
    "lib",
    "--config",
    ".dependency-cruiser.cjs",
    "--include-only",
    "^lib/",
    // Everything imports settings and the error model: their arrows would only hide the others.
    "--exclude",
    "^lib/(env|errors)\\.ts$|^lib/db/generated|\\.test\\.tsx?$",
    "--collapse",
    "^lib/[^/]+",
    "--output-type",
    "mermaid",
  ],
  { cwd: root, encoding: "utf8" },
)
  .trim()
  // Importers above what they import: the layers read top (use cases) to bottom (text, db).
  .replace(/^flowchart LR/, "flowchart TB");

const block = `${START}\n\`\`\`mermaid\n${mermaid}\n\`\`\`\n${END}`;
const text = readFileSync(page, "utf8");
const from = text.indexOf(START);
const to = text.indexOf(END);
if (from < 0 || to < from) {
  console.error(`${page}: the diagram markers are missing`);
  process.exit(2);
}
const next = text.slice(0, from) + block + text.slice(to + END.length);

if (process.argv.includes("--check")) {
  if (next !== text) {
    console.error("docs/architecture.md: the diagram is out of date; run `npm run docs:architecture` and commit it.");
    process.exit(1);
  }
  console.log("docs/architecture.md: the diagram matches the code.");
} else {
  writeFileSync(page, next);
  console.log("docs/architecture.md: diagram regenerated.");
}

// Builds (or rebuilds) the citation graph — 참조판례 and citations in 판례내용, overrulings — of
// corpora indexed before it existed, from their archives; nothing is re-indexed or re-embedded.
//   npm run citations -- --corpus <name>     one corpus
//   npm run citations -- --all               every corpus
// New imports and re-index build the graph as they go; this is for corpora indexed earlier.

// First: the .env files are loaded and errors become one line before any other module runs.
import "./cli";
import { backfillCitations } from "../lib/citations/backfill";
import { findCorpusByName, listCorpora } from "../lib/db/corpora";
import { env } from "../lib/env";
import { cliErrorLine, requireDatabase } from "./cli";

const args = process.argv.slice(2);
const at = args.indexOf("--corpus");
const name = at >= 0 ? args[at + 1] : undefined;
if (!name && !args.includes("--all")) {
  console.error("사용법: npm run citations -- --corpus <말뭉치 이름> | --all");
  process.exit(2);
}
await requireDatabase();
try {
  const corpora = name ? [await findCorpusByName(name)].filter((c) => c !== null) : await listCorpora();
  if (name && corpora.length === 0) {
    console.error(`'${name}' 말뭉치가 없습니다.`);
    process.exit(1);
  }
  for (const corpus of corpora) {
    const started = Date.now();
    const result = await backfillCitations(corpus.id, env().DATA_DIR, (done, total) => {
      if (process.stderr.isTTY) process.stderr.write(`\r${corpus.name}: ${done}/${total}`);
    });
    if (process.stderr.isTTY) process.stderr.write("\n");
    console.log(
      `${corpus.name}: 판례 ${result.documents}건, 인용 ${result.edges}건, 판례 변경 ${result.overrulings}건 (${((Date.now() - started) / 1000).toFixed(1)}초)`,
    );
    if (result.missing.length > 0) {
      console.log(
        `  원문 보관본이 없어 건너뛴 판례 ${result.missing.length}건 (다시 색인하면 채워집니다): ${result.missing.slice(0, 10).join(", ")}`,
      );
    }
  }
  process.exit(0);
} catch (error) {
  console.error(cliErrorLine(error));
  process.exit(1);
}

// Imports statute files (legalize-kr Markdown, ../shared/data/statutes/README.md) as the 법령 the
// decisions' 참조조문 link to. Each statute is replaced whole; its earlier 시행일자 stay as history.
//   npm run ingest:statutes -- <폴더|파일…> [--force]   --force: take a text older than the one held
//   npm run ingest:statutes -- --backfill-refs [--corpus <name>]
//       the 참조조문 links of decisions imported before they were stored (every corpus by default)
// One line per file: its article count and 시행일자, or the reason it was not imported.

// First: the .env files are loaded and errors become one line before any other module runs.
import "./cli";
import { findCorpusByName, listCorpora } from "../lib/db/corpora";
import { env } from "../lib/env";
import { backfillStatuteRefs } from "../lib/statutes/backfill-refs";
import { importStatuteFiles, outcomeLine } from "../lib/statutes/import";
import { cliErrorLine, requireDatabase, requirePath } from "./cli";

const args = process.argv.slice(2);
const force = args.includes("--force");
const backfill = args.includes("--backfill-refs");
const corpusAt = args.indexOf("--corpus");
const corpusName = corpusAt >= 0 ? args[corpusAt + 1] : undefined;
const paths = args.filter((a, i) => !a.startsWith("--") && (corpusAt < 0 || i !== corpusAt + 1));

if (!backfill && paths.length === 0) {
  console.error("사용법: npm run ingest:statutes -- <폴더|파일…> [--force]");
  console.error("        npm run ingest:statutes -- --backfill-refs [--corpus <말뭉치 이름>]");
  process.exit(2);
}

async function runBackfill(): Promise<void> {
  const corpora = corpusName ? [await findCorpusByName(corpusName)].filter((c) => c !== null) : await listCorpora();
  if (corpusName && corpora.length === 0) {
    console.error(`'${corpusName}' 말뭉치가 없습니다.`);
    process.exit(1);
  }
  for (const corpus of corpora) {
    const result = await backfillStatuteRefs(corpus.id, env().DATA_DIR, (done, total) => {
      if (process.stderr.isTTY) process.stderr.write(`\r${corpus.name}: ${done}/${total}`);
    });
    if (process.stderr.isTTY) process.stderr.write("\n");
    console.log(`${corpus.name}: 판례 ${result.documents}건, 참조조문 연결 ${result.refs}건`);
    if (result.missing.length > 0) {
      console.log(
        `  원문 보관본이 없어 건너뛴 판례 ${result.missing.length}건 (다시 색인하면 채워집니다): ${result.missing.slice(0, 10).join(", ")}`,
      );
    }
  }
}

const resolved = paths.map((p) => requirePath(p));
await requireDatabase();
try {
  let failed = 0;
  if (resolved.length > 0) {
    const outcomes = await importStatuteFiles(resolved, {
      force,
      onFile: (o) => (o.status === "imported" ? console.log : console.error)(outcomeLine(o)),
    });
    failed = outcomes.filter((o) => o.status !== "imported").length;
    const done = outcomes.length - failed;
    console.log(`법령 ${done}개를 가져왔습니다${failed > 0 ? `, ${failed}개는 가져오지 않았습니다` : ""}.`);
  }
  if (backfill) await runBackfill();
  process.exit(failed > 0 ? 1 : 0);
} catch (error) {
  console.error(cliErrorLine(error));
  process.exit(1);
}

// bench:search's seeding of the /search engine's database (a Document row and its 참조조문 links per
// replica), run as a child process: what the benchmark measures is then only what a server holds
// (the index, the page's work), not the memory of writing 100,000+ rows through Prisma.
//   tsx scripts/bench-search-docs.ts <dir> <corpusId> <chunks>   (DATABASE_URL from the parent)
import { benchDocuments } from "./bench-search-engine";

const [dir = "", corpusId = "", chunks = "0"] = process.argv.slice(2);
console.log(await benchDocuments(dir, corpusId, Number(chunks)));

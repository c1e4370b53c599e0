-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Document" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "corpusId" TEXT NOT NULL,
    "caseNo" TEXT NOT NULL,
    "caseName" TEXT NOT NULL DEFAULT '',
    "court" TEXT NOT NULL DEFAULT '',
    "courtLevel" TEXT NOT NULL DEFAULT '',
    "caseType" TEXT NOT NULL DEFAULT '',
    "decisionDate" TEXT NOT NULL DEFAULT '',
    "serialNo" TEXT,
    "sourceUrl" TEXT,
    "sourcePath" TEXT,
    "contentHash" TEXT NOT NULL,
    "chunkCount" INTEGER NOT NULL DEFAULT 0,
    "tokenizerVersion" INTEGER,
    "enBanc" BOOLEAN,
    "lowerCourt" TEXT NOT NULL DEFAULT '',
    "lowerDate" TEXT NOT NULL DEFAULT '',
    "lowerCaseNo" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Document_corpusId_fkey" FOREIGN KEY ("corpusId") REFERENCES "Corpus" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Document" ("caseName", "caseNo", "caseType", "chunkCount", "contentHash", "corpusId", "court", "courtLevel", "createdAt", "decisionDate", "id", "serialNo", "sourcePath", "sourceUrl", "tokenizerVersion", "updatedAt") SELECT "caseName", "caseNo", "caseType", "chunkCount", "contentHash", "corpusId", "court", "courtLevel", "createdAt", "decisionDate", "id", "serialNo", "sourcePath", "sourceUrl", "tokenizerVersion", "updatedAt" FROM "Document";
DROP TABLE "Document";
ALTER TABLE "new_Document" RENAME TO "Document";
CREATE INDEX "Document_caseNo_idx" ON "Document"("caseNo");
CREATE UNIQUE INDEX "Document_corpusId_caseNo_key" ON "Document"("corpusId", "caseNo");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

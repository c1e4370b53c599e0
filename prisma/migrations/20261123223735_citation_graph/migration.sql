-- CreateTable
CREATE TABLE "CitationEdge" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "corpusId" TEXT NOT NULL,
    "citingCaseNo" TEXT NOT NULL,
    "citingCourt" TEXT NOT NULL DEFAULT '',
    "citingDate" TEXT NOT NULL DEFAULT '',
    "citedCaseNo" TEXT NOT NULL,
    "citedCourt" TEXT NOT NULL DEFAULT '',
    "citedDate" TEXT NOT NULL DEFAULT '',
    "source" TEXT NOT NULL,
    "enBanc" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CitationEdge_corpusId_fkey" FOREIGN KEY ("corpusId") REFERENCES "Corpus" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Overruling" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "corpusId" TEXT NOT NULL,
    "overrulingCaseNo" TEXT NOT NULL,
    "overrulingCourt" TEXT NOT NULL DEFAULT '',
    "overrulingDate" TEXT NOT NULL DEFAULT '',
    "overruledCaseNo" TEXT NOT NULL,
    "overruledCourt" TEXT NOT NULL DEFAULT '',
    "overruledDate" TEXT NOT NULL DEFAULT '',
    "scope" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Overruling_corpusId_fkey" FOREIGN KEY ("corpusId") REFERENCES "Corpus" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "CitationEdge_citedCaseNo_idx" ON "CitationEdge"("citedCaseNo");

-- CreateIndex
CREATE INDEX "CitationEdge_corpusId_citingCaseNo_idx" ON "CitationEdge"("corpusId", "citingCaseNo");

-- CreateIndex
CREATE INDEX "Overruling_overruledCaseNo_idx" ON "Overruling"("overruledCaseNo");

-- CreateIndex
CREATE INDEX "Overruling_corpusId_overrulingCaseNo_idx" ON "Overruling"("corpusId", "overrulingCaseNo");

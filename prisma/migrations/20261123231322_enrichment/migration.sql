-- CreateTable
CREATE TABLE "EnrichmentJob" (
    "jobId" TEXT NOT NULL PRIMARY KEY,
    "corpusId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "mode" TEXT NOT NULL DEFAULT 'live',
    "promptVersion" INTEGER NOT NULL,
    "model" TEXT NOT NULL DEFAULT '',
    "retryOnly" BOOLEAN NOT NULL DEFAULT false,
    "total" INTEGER NOT NULL DEFAULT 0,
    "done" INTEGER NOT NULL DEFAULT 0,
    "generated" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "indexed" INTEGER NOT NULL DEFAULT 0,
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "cachedInputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "cost" REAL NOT NULL DEFAULT 0,
    "runStartedAt" DATETIME,
    "runGeneratedStart" INTEGER NOT NULL DEFAULT 0,
    "failures" TEXT NOT NULL DEFAULT '[]',
    "batches" TEXT NOT NULL DEFAULT '[]',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "EnrichmentCache" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "promptVersion" INTEGER NOT NULL,
    "output" TEXT NOT NULL,
    "model" TEXT NOT NULL DEFAULT '',
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "ChunkEnrichment" (
    "corpusId" TEXT NOT NULL,
    "chunkId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "caseNo" TEXT NOT NULL,
    "cacheKey" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "indexed" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("corpusId", "chunkId", "kind")
);

-- CreateTable
CREATE TABLE "CorpusEnrichment" (
    "corpusId" TEXT NOT NULL PRIMARY KEY,
    "contextBm25" BOOLEAN NOT NULL DEFAULT false,
    "contextDense" BOOLEAN NOT NULL DEFAULT false,
    "contextSyncedAt" DATETIME,
    "atomsSyncedAt" DATETIME,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "EnrichmentJob_corpusId_idx" ON "EnrichmentJob"("corpusId");

-- CreateIndex
CREATE INDEX "ChunkEnrichment_corpusId_kind_status_idx" ON "ChunkEnrichment"("corpusId", "kind", "status");

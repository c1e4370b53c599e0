-- CreateTable
CREATE TABLE "CitationEdge" (
    "id" TEXT NOT NULL,
    "corpusId" TEXT NOT NULL,
    "citingCaseNo" TEXT NOT NULL,
    "citingCourt" TEXT NOT NULL DEFAULT '',
    "citingDate" TEXT NOT NULL DEFAULT '',
    "citedCaseNo" TEXT NOT NULL,
    "citedCourt" TEXT NOT NULL DEFAULT '',
    "citedDate" TEXT NOT NULL DEFAULT '',
    "source" TEXT NOT NULL,
    "enBanc" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CitationEdge_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Overruling" (
    "id" TEXT NOT NULL,
    "corpusId" TEXT NOT NULL,
    "overrulingCaseNo" TEXT NOT NULL,
    "overrulingCourt" TEXT NOT NULL DEFAULT '',
    "overrulingDate" TEXT NOT NULL DEFAULT '',
    "overruledCaseNo" TEXT NOT NULL,
    "overruledCourt" TEXT NOT NULL DEFAULT '',
    "overruledDate" TEXT NOT NULL DEFAULT '',
    "scope" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Overruling_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EnrichmentJob" (
    "jobId" TEXT NOT NULL,
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
    "cost" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "runStartedAt" TIMESTAMP(3),
    "runGeneratedStart" INTEGER NOT NULL DEFAULT 0,
    "failures" TEXT NOT NULL DEFAULT '[]',
    "batches" TEXT NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EnrichmentJob_pkey" PRIMARY KEY ("jobId")
);

-- CreateTable
CREATE TABLE "EnrichmentCache" (
    "key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "promptVersion" INTEGER NOT NULL,
    "output" TEXT NOT NULL,
    "model" TEXT NOT NULL DEFAULT '',
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EnrichmentCache_pkey" PRIMARY KEY ("key")
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
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ChunkEnrichment_pkey" PRIMARY KEY ("corpusId","chunkId","kind")
);

-- CreateTable
CREATE TABLE "CorpusEnrichment" (
    "corpusId" TEXT NOT NULL,
    "contextBm25" BOOLEAN NOT NULL DEFAULT false,
    "contextDense" BOOLEAN NOT NULL DEFAULT false,
    "contextSyncedAt" TIMESTAMP(3),
    "atomsSyncedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CorpusEnrichment_pkey" PRIMARY KEY ("corpusId")
);

-- CreateIndex
CREATE INDEX "CitationEdge_citedCaseNo_idx" ON "CitationEdge"("citedCaseNo");

-- CreateIndex
CREATE INDEX "CitationEdge_corpusId_citingCaseNo_idx" ON "CitationEdge"("corpusId", "citingCaseNo");

-- CreateIndex
CREATE INDEX "Overruling_overruledCaseNo_idx" ON "Overruling"("overruledCaseNo");

-- CreateIndex
CREATE INDEX "Overruling_corpusId_overrulingCaseNo_idx" ON "Overruling"("corpusId", "overrulingCaseNo");

-- CreateIndex
CREATE INDEX "EnrichmentJob_corpusId_idx" ON "EnrichmentJob"("corpusId");

-- CreateIndex
CREATE INDEX "ChunkEnrichment_corpusId_kind_status_idx" ON "ChunkEnrichment"("corpusId", "kind", "status");

-- AddForeignKey
ALTER TABLE "CitationEdge" ADD CONSTRAINT "CitationEdge_corpusId_fkey" FOREIGN KEY ("corpusId") REFERENCES "Corpus"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Overruling" ADD CONSTRAINT "Overruling_corpusId_fkey" FOREIGN KEY ("corpusId") REFERENCES "Corpus"("id") ON DELETE CASCADE ON UPDATE CASCADE;

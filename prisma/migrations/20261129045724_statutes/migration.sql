-- CreateTable
CREATE TABLE "Statute" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT '',
    "effectiveDate" TEXT NOT NULL DEFAULT '',
    "promulgatedDate" TEXT NOT NULL DEFAULT '',
    "source" TEXT NOT NULL DEFAULT '',
    "sourceUrl" TEXT NOT NULL DEFAULT '',
    "articleCount" INTEGER NOT NULL DEFAULT 0,
    "importedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "StatuteArticle" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "statuteId" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "ord" INTEGER NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "text" TEXT NOT NULL,
    CONSTRAINT "StatuteArticle_statuteId_fkey" FOREIGN KEY ("statuteId") REFERENCES "Statute" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "StatuteVersion" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "statuteId" TEXT NOT NULL,
    "effectiveDate" TEXT NOT NULL DEFAULT '',
    "promulgatedDate" TEXT NOT NULL DEFAULT '',
    "articleCount" INTEGER NOT NULL DEFAULT 0,
    "importedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "StatuteVersion_statuteId_fkey" FOREIGN KEY ("statuteId") REFERENCES "Statute" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "DecisionStatuteRef" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "corpusId" TEXT NOT NULL,
    "caseNo" TEXT NOT NULL,
    "law" TEXT NOT NULL,
    "article" TEXT NOT NULL,
    CONSTRAINT "DecisionStatuteRef_corpusId_fkey" FOREIGN KEY ("corpusId") REFERENCES "Corpus" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "Statute_name_key" ON "Statute"("name");

-- CreateIndex
CREATE INDEX "StatuteArticle_statuteId_ord_idx" ON "StatuteArticle"("statuteId", "ord");

-- CreateIndex
CREATE UNIQUE INDEX "StatuteArticle_statuteId_number_key" ON "StatuteArticle"("statuteId", "number");

-- CreateIndex
CREATE INDEX "StatuteVersion_statuteId_idx" ON "StatuteVersion"("statuteId");

-- CreateIndex
CREATE INDEX "DecisionStatuteRef_law_article_idx" ON "DecisionStatuteRef"("law", "article");

-- CreateIndex
CREATE UNIQUE INDEX "DecisionStatuteRef_corpusId_caseNo_law_article_key" ON "DecisionStatuteRef"("corpusId", "caseNo", "law", "article");

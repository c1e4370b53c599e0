-- AlterTable
ALTER TABLE "IngestionJob" ADD COLUMN "heartbeatAt" DATETIME;
ALTER TABLE "IngestionJob" ADD COLUMN "owner" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_EvalJob" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "corpusId" TEXT NOT NULL,
    "systems" TEXT NOT NULL,
    "benchPath" TEXT NOT NULL,
    "outDir" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "owner" TEXT,
    "heartbeatAt" DATETIME,
    "cancelRequested" BOOLEAN NOT NULL DEFAULT false,
    "done" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL DEFAULT 0,
    "message" TEXT,
    "createdBy" TEXT NOT NULL,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_EvalJob" ("benchPath", "corpusId", "createdAt", "createdBy", "done", "finishedAt", "id", "message", "name", "outDir", "startedAt", "status", "systems", "total", "updatedAt") SELECT "benchPath", "corpusId", "createdAt", "createdBy", "done", "finishedAt", "id", "message", "name", "outDir", "startedAt", "status", "systems", "total", "updatedAt" FROM "EvalJob";
DROP TABLE "EvalJob";
ALTER TABLE "new_EvalJob" RENAME TO "EvalJob";
CREATE INDEX "EvalJob_status_idx" ON "EvalJob"("status");
CREATE TABLE "new_Message" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "chatId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'complete',
    "trace" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Message_chatId_fkey" FOREIGN KEY ("chatId") REFERENCES "Chat" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Message" ("chatId", "content", "createdAt", "id", "role", "status", "trace") SELECT "chatId", "content", "createdAt", "id", "role", "status", "trace" FROM "Message";
DROP TABLE "Message";
ALTER TABLE "new_Message" RENAME TO "Message";
CREATE INDEX "Message_chatId_createdAt_idx" ON "Message"("chatId", "createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateTable
CREATE TABLE "BriefCheck" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "matterId" TEXT,
    "title" TEXT NOT NULL,
    "citations" INTEGER NOT NULL,
    "report" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BriefCheck_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "BriefCheck_userId_createdAt_idx" ON "BriefCheck"("userId", "createdAt");

-- AddForeignKey
ALTER TABLE "BriefCheck" ADD CONSTRAINT "BriefCheck_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BriefCheck" ADD CONSTRAINT "BriefCheck_matterId_fkey" FOREIGN KEY ("matterId") REFERENCES "Matter"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "RateLimitEntry" (
    "limiter" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "slot" BIGINT NOT NULL DEFAULT 0,
    "count" INTEGER NOT NULL DEFAULT 0,
    "lastAt" BIGINT NOT NULL DEFAULT 0,
    "blockedUntil" BIGINT NOT NULL DEFAULT 0,
    "version" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" BIGINT NOT NULL,

    CONSTRAINT "RateLimitEntry_pkey" PRIMARY KEY ("limiter","key","slot")
);

-- CreateIndex
CREATE INDEX "RateLimitEntry_expiresAt_idx" ON "RateLimitEntry"("expiresAt");

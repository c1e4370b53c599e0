-- AlterTable
ALTER TABLE "Chat" ADD COLUMN "strategy" TEXT;

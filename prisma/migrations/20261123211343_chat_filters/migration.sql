-- AlterTable
ALTER TABLE "Chat" ADD COLUMN "filters" TEXT;

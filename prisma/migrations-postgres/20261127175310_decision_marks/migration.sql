-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "enBanc" BOOLEAN,
ADD COLUMN     "lowerCaseNo" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "lowerCourt" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "lowerDate" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "Corpus" ADD COLUMN "tokenizerVersion" INTEGER;

-- AlterTable
ALTER TABLE "Document" ADD COLUMN "tokenizerVersion" INTEGER;

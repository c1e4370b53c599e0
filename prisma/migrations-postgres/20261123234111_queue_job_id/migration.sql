-- AlterTable
ALTER TABLE "IngestionJob" ADD COLUMN     "queueJobId" TEXT;

-- AlterTable
ALTER TABLE "EvalJob" ADD COLUMN     "queueJobId" TEXT;

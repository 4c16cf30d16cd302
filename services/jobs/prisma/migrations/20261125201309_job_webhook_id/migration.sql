-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "webhook_id" TEXT;

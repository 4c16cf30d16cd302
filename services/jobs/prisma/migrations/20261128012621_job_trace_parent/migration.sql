-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "trace_parent" TEXT;

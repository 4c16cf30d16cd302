-- AlterTable
ALTER TABLE "artifacts" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "reservations" ADD COLUMN     "estimated" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "input_tokens" BIGINT,
ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'audio',
ADD COLUMN     "output_tokens" BIGINT;

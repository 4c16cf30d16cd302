-- AlterTable: a direct upload's Idempotency-Key (ADR 0035), unique per user like upload sessions'.
ALTER TABLE "direct_uploads" ADD COLUMN "user_id" TEXT,
ADD COLUMN "idempotency_key" TEXT,
ADD COLUMN "request_hash" TEXT;

UPDATE "direct_uploads" AS d SET "user_id" = m."user_id" FROM "media_assets" AS m WHERE m."id" = d."media_id";

ALTER TABLE "direct_uploads" ALTER COLUMN "user_id" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "direct_uploads_user_id_idempotency_key_key" ON "direct_uploads"("user_id", "idempotency_key");

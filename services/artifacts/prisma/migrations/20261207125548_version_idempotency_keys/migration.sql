-- CreateTable
CREATE TABLE "version_idempotency_keys" (
    "user_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "artifact_id" TEXT NOT NULL,
    "version_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "version_idempotency_keys_pkey" PRIMARY KEY ("user_id","key")
);

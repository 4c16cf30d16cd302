-- CreateTable
CREATE TABLE "token_idempotency_keys" (
    "user_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "token_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "token_idempotency_keys_pkey" PRIMARY KEY ("user_id","key")
);

-- AddForeignKey
ALTER TABLE "token_idempotency_keys" ADD CONSTRAINT "token_idempotency_keys_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

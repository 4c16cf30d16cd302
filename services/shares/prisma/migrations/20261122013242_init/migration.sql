-- CreateTable
CREATE TABLE "shares" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "share_kind" TEXT NOT NULL,
    "access_scope" TEXT NOT NULL,
    "target_id" TEXT NOT NULL,
    "target_version_id" TEXT,
    "media_id" TEXT NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "token_hash" TEXT NOT NULL,
    "token_hint" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "rotated_at" TIMESTAMPTZ(3),
    "taken_down_at" TIMESTAMPTZ(3),
    "takedown_reason" TEXT,
    "open_count" BIGINT NOT NULL DEFAULT 0,
    "last_opened_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "shares_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "shares_token_hash_key" ON "shares"("token_hash");

-- CreateIndex
CREATE INDEX "shares_user_id_id_idx" ON "shares"("user_id", "id");

-- CreateIndex
CREATE INDEX "shares_user_id_target_id_id_idx" ON "shares"("user_id", "target_id", "id");

-- CreateIndex
CREATE INDEX "shares_media_id_idx" ON "shares"("media_id");

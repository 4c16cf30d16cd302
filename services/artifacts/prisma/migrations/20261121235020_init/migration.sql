-- CreateTable
CREATE TABLE "artifacts" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "artifact_type" TEXT NOT NULL,
    "media_id" TEXT NOT NULL,
    "workspace_id" TEXT,
    "job_id" TEXT,
    "title" TEXT NOT NULL DEFAULT '',
    "current_version_id" TEXT,
    "version_count" INTEGER NOT NULL DEFAULT 0,
    "idempotency_key" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "artifacts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "versions" (
    "id" TEXT NOT NULL,
    "artifact_id" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "parent_version_id" TEXT,
    "content_hash" TEXT NOT NULL,
    "payload_bytes" INTEGER NOT NULL,
    "author_type" TEXT NOT NULL,
    "author_id" TEXT NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "output_key" TEXT,
    "output_format" TEXT,
    "output_bytes" BIGINT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payloads" (
    "hash" TEXT NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "stored_bytes" INTEGER NOT NULL,
    "body" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payloads_pkey" PRIMARY KEY ("hash")
);

-- CreateTable
CREATE TABLE "transcription_history" (
    "id" BIGSERIAL NOT NULL,
    "artifact_id" TEXT NOT NULL,
    "version_id" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "actor_type" TEXT NOT NULL,
    "actor_id" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "transcription_history_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "artifacts_user_id_id_idx" ON "artifacts"("user_id", "id");

-- CreateIndex
CREATE INDEX "artifacts_user_id_media_id_id_idx" ON "artifacts"("user_id", "media_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "artifacts_user_id_idempotency_key_key" ON "artifacts"("user_id", "idempotency_key");

-- CreateIndex
CREATE INDEX "versions_content_hash_idx" ON "versions"("content_hash");

-- CreateIndex
CREATE UNIQUE INDEX "versions_artifact_id_id_key" ON "versions"("artifact_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "versions_artifact_id_number_key" ON "versions"("artifact_id", "number");

-- CreateIndex
CREATE INDEX "transcription_history_artifact_id_id_idx" ON "transcription_history"("artifact_id", "id");

-- AddForeignKey
ALTER TABLE "artifacts" ADD CONSTRAINT "artifacts_current_version_fkey" FOREIGN KEY ("id", "current_version_id") REFERENCES "versions"("artifact_id", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "versions" ADD CONSTRAINT "versions_artifact_id_fkey" FOREIGN KEY ("artifact_id") REFERENCES "artifacts"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "versions" ADD CONSTRAINT "versions_parent_fkey" FOREIGN KEY ("artifact_id", "parent_version_id") REFERENCES "versions"("artifact_id", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "versions" ADD CONSTRAINT "versions_content_hash_fkey" FOREIGN KEY ("content_hash") REFERENCES "payloads"("hash") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "transcription_history" ADD CONSTRAINT "transcription_history_artifact_id_fkey" FOREIGN KEY ("artifact_id") REFERENCES "artifacts"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "transcription_history" ADD CONSTRAINT "transcription_history_version_fkey" FOREIGN KEY ("artifact_id", "version_id") REFERENCES "versions"("artifact_id", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

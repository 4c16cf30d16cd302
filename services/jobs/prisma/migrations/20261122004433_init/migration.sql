-- CreateTable
CREATE TABLE "jobs" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "workspace_id" TEXT,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "hold_state" TEXT NOT NULL,
    "billing_state" TEXT NOT NULL,
    "profile" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "pool" TEXT NOT NULL,
    "media_id" TEXT,
    "parent_job_id" TEXT,
    "item_count" INTEGER NOT NULL DEFAULT 0,
    "options_json" TEXT NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "queue_rank" BIGSERIAL NOT NULL,
    "progress" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "error_code" TEXT,
    "error_message" TEXT,
    "media_duration_seconds" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "billed_seconds" DOUBLE PRECISION,
    "reserved_micro" BIGINT NOT NULL DEFAULT 0,
    "charged_micro" BIGINT NOT NULL DEFAULT 0,
    "artifact_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "language" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "ticket_id" TEXT,
    "worker_id" TEXT,
    "heartbeat_at" TIMESTAMPTZ(3),
    "billing_attempts" INTEGER NOT NULL DEFAULT 0,
    "billing_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_keys" (
    "user_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "job_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("user_id","key")
);

-- CreateTable
CREATE TABLE "outbox" (
    "id" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "headers" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMPTZ(6),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,

    CONSTRAINT "outbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "jobs_ticket_id_key" ON "jobs"("ticket_id");

-- CreateIndex
CREATE INDEX "jobs_user_id_parent_job_id_id_idx" ON "jobs"("user_id", "parent_job_id", "id");

-- CreateIndex
CREATE INDEX "jobs_parent_job_id_id_idx" ON "jobs"("parent_job_id", "id");

-- CreateIndex
CREATE INDEX "jobs_pool_status_hold_state_queue_rank_idx" ON "jobs"("pool", "status", "hold_state", "queue_rank");

-- CreateIndex
CREATE INDEX "jobs_user_id_type_status_queue_rank_idx" ON "jobs"("user_id", "type", "status", "queue_rank");

-- CreateIndex
CREATE INDEX "jobs_hold_state_created_at_idx" ON "jobs"("hold_state", "created_at");

-- CreateIndex
CREATE INDEX "jobs_billing_state_finished_at_idx" ON "jobs"("billing_state", "finished_at");

-- CreateIndex
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys"("created_at");

-- CreateIndex
CREATE INDEX "idempotency_keys_job_id_idx" ON "idempotency_keys"("job_id");

-- CreateIndex
CREATE INDEX "outbox_unpublished_idx" ON "outbox"("published_at", "id");

-- AddForeignKey
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_parent_job_id_fkey" FOREIGN KEY ("parent_job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

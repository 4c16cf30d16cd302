-- CreateTable
CREATE TABLE "user_limits" (
    "user_id" TEXT NOT NULL,
    "max_concurrent_jobs" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_limits_pkey" PRIMARY KEY ("user_id")
);

-- CreateIndex
CREATE INDEX "jobs_user_id_status_idx" ON "jobs"("user_id", "status");

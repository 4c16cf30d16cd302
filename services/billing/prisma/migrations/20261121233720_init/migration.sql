-- CreateTable
CREATE TABLE "credit_accounts" (
    "principal_id" TEXT NOT NULL,
    "available_micro" BIGINT NOT NULL DEFAULT 0,
    "reserved_micro" BIGINT NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "credit_accounts_pkey" PRIMARY KEY ("principal_id")
);

-- CreateTable
CREATE TABLE "ledger_entries" (
    "id" TEXT NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "principal_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "available_delta_micro" BIGINT NOT NULL,
    "reserved_delta_micro" BIGINT NOT NULL,
    "available_after_micro" BIGINT NOT NULL,
    "reserved_after_micro" BIGINT NOT NULL,
    "reference" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "credit_grants" (
    "id" TEXT NOT NULL,
    "principal_id" TEXT NOT NULL,
    "amount_micro" BIGINT NOT NULL,
    "remaining_micro" BIGINT NOT NULL,
    "expired_micro" BIGINT NOT NULL DEFAULT 0,
    "reason" TEXT NOT NULL,
    "reference" TEXT,
    "expires_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "credit_grants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reservations" (
    "id" TEXT NOT NULL,
    "principal_id" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "profile" TEXT NOT NULL,
    "micro_credits_per_hour" INTEGER NOT NULL,
    "seconds" DOUBLE PRECISION NOT NULL,
    "held_micro" BIGINT NOT NULL,
    "status" TEXT NOT NULL,
    "charged_micro" BIGINT NOT NULL DEFAULT 0,
    "actual_seconds" DOUBLE PRECISION,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "settled_at" TIMESTAMPTZ(3),
    "released_at" TIMESTAMPTZ(3),

    CONSTRAINT "reservations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reservation_allocations" (
    "reservation_id" TEXT NOT NULL,
    "grant_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "amount_micro" BIGINT NOT NULL,
    "charged_micro" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "reservation_allocations_pkey" PRIMARY KEY ("reservation_id","grant_id")
);

-- CreateTable
CREATE TABLE "charges" (
    "reference" TEXT NOT NULL,
    "principal_id" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "input_tokens" BIGINT NOT NULL,
    "output_tokens" BIGINT NOT NULL,
    "charged_micro" BIGINT NOT NULL,
    "entry_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "charges_pkey" PRIMARY KEY ("reference")
);

-- CreateTable
CREATE TABLE "charge_allocations" (
    "charge_reference" TEXT NOT NULL,
    "grant_id" TEXT NOT NULL,
    "amount_micro" BIGINT NOT NULL,

    CONSTRAINT "charge_allocations_pkey" PRIMARY KEY ("charge_reference","grant_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ledger_entries_seq_key" ON "ledger_entries"("seq");

-- CreateIndex
CREATE INDEX "ledger_entries_principal_id_seq_idx" ON "ledger_entries"("principal_id", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "credit_grants_reference_key" ON "credit_grants"("reference");

-- CreateIndex
CREATE INDEX "credit_grants_principal_id_id_idx" ON "credit_grants"("principal_id", "id");

-- CreateIndex
CREATE INDEX "credit_grants_principal_id_expires_at_idx" ON "credit_grants"("principal_id", "expires_at");

-- CreateIndex
CREATE INDEX "credit_grants_expires_at_idx" ON "credit_grants"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "reservations_reference_key" ON "reservations"("reference");

-- CreateIndex
CREATE INDEX "reservations_principal_id_id_idx" ON "reservations"("principal_id", "id");

-- CreateIndex
CREATE INDEX "reservation_allocations_grant_id_idx" ON "reservation_allocations"("grant_id");

-- CreateIndex
CREATE INDEX "charge_allocations_grant_id_idx" ON "charge_allocations"("grant_id");

-- AddForeignKey
ALTER TABLE "reservation_allocations" ADD CONSTRAINT "reservation_allocations_reservation_id_fkey" FOREIGN KEY ("reservation_id") REFERENCES "reservations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reservation_allocations" ADD CONSTRAINT "reservation_allocations_grant_id_fkey" FOREIGN KEY ("grant_id") REFERENCES "credit_grants"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "charge_allocations" ADD CONSTRAINT "charge_allocations_charge_reference_fkey" FOREIGN KEY ("charge_reference") REFERENCES "charges"("reference") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "charge_allocations" ADD CONSTRAINT "charge_allocations_grant_id_fkey" FOREIGN KEY ("grant_id") REFERENCES "credit_grants"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

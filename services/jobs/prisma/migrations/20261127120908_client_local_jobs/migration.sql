-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "execution_mode" TEXT NOT NULL DEFAULT 'cloud';

-- CreateIndex
CREATE INDEX "jobs_execution_mode_status_heartbeat_at_idx" ON "jobs"("execution_mode", "status", "heartbeat_at");

-- What schema.prisma cannot express (as in the guards migration): the execution modes, and that a
-- client-local job is a single transcription that no worker can hold (ADR 0023): no work ticket
-- is ever bound to it, and it is no batch parent or item.
CREATE FUNCTION "jobs_guard_execution_mode"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.execution_mode NOT IN ('cloud', 'client_local')
     OR (NEW.execution_mode = 'client_local'
         AND (NEW.ticket_id IS NOT NULL OR NEW.item_count > 0 OR NEW.parent_job_id IS NOT NULL
              OR NEW.type <> 'transcription')) THEN
    RAISE EXCEPTION 'job % refused (execution mode %)', NEW.id, NEW.execution_mode
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "jobs_guard_execution_mode" BEFORE INSERT OR UPDATE ON "jobs"
  FOR EACH ROW EXECUTE FUNCTION "jobs_guard_execution_mode"();

-- What schema.prisma cannot express: the value sets of a job's state columns, enforced by the
-- database so no code path (and no hand-written SQL) can store a state the service does not
-- know. A trigger rather than CHECK constraints: the offline schema engine cannot describe
-- CHECK constraints (ADR 0002, ADR 0006).

CREATE FUNCTION "jobs_guard_job"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status NOT IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')
     OR NEW.hold_state NOT IN ('reserving', 'held', 'abandoned')
     OR NEW.billing_state NOT IN ('none', 'held', 'settle_pending', 'settled', 'release_pending', 'released')
     OR NEW.type NOT IN ('transcription', 'caption_burn')
     OR NEW.progress < 0 OR NEW.progress > 100
     OR NEW.item_count < 0 OR NEW.attempts < 0
     OR NEW.reserved_micro < 0 OR NEW.charged_micro < 0 OR NEW.media_duration_seconds < 0
     OR (NEW.billed_seconds IS NOT NULL AND NEW.billed_seconds < 0)
     -- A batch parent has no media and no ticket; every other job has its media.
     OR (NEW.item_count > 0) <> (NEW.media_id IS NULL)
     OR (NEW.item_count > 0 AND (NEW.ticket_id IS NOT NULL OR NEW.parent_job_id IS NOT NULL)) THEN
    RAISE EXCEPTION 'job % refused (status %, hold %, billing %, progress %)', NEW.id, NEW.status, NEW.hold_state, NEW.billing_state, NEW.progress
      USING ERRCODE = 'check_violation';
  END IF;
  NEW.artifact_ids := COALESCE(NEW.artifact_ids, ARRAY[]::TEXT[]);
  IF TG_OP = 'UPDATE' THEN
    NEW.updated_at := CURRENT_TIMESTAMP;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "jobs_guard" BEFORE INSERT OR UPDATE ON "jobs"
  FOR EACH ROW EXECUTE FUNCTION "jobs_guard_job"();

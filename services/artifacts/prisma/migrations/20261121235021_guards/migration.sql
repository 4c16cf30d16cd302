-- What schema.prisma cannot express: the artifacts' rules enforced by the database, so no code
-- path (and no hand-written SQL) can rewrite a stored version, its payload or the history.
-- Triggers rather than CHECK constraints: the offline schema engine cannot describe CHECK
-- constraints (see services/billing and the ADR 0006).

-- Versions are immutable: insert only, with a known author type and sane numbers.
CREATE FUNCTION "artifacts_guard_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'artifact versions are immutable (% refused)', TG_OP USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.author_type NOT IN ('service', 'user') OR NEW.author_id = '' OR NEW.number < 1 OR NEW.payload_bytes < 0
     OR NEW.content_hash !~ '^sha256:[0-9a-f]{64}$'
     OR (NEW.output_key IS NULL) <> (NEW.output_format IS NULL)
     OR (NEW.output_bytes IS NOT NULL AND NEW.output_bytes < 0)
     OR (NEW.number = 1) <> (NEW.parent_version_id IS NULL) THEN
    RAISE EXCEPTION 'artifact version % refused (author %, number %, parent %)', NEW.id, NEW.author_type, NEW.number, NEW.parent_version_id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "versions_guard" BEFORE INSERT OR UPDATE OR DELETE ON "versions"
  FOR EACH ROW EXECUTE FUNCTION "artifacts_guard_version"();

CREATE TRIGGER "versions_no_truncate" BEFORE TRUNCATE ON "versions"
  FOR EACH STATEMENT EXECUTE FUNCTION "artifacts_guard_version"();

-- Payloads are content-addressed: a row never changes once written (duplicates are skipped
-- with ON CONFLICT DO NOTHING, which fires no UPDATE).
CREATE FUNCTION "artifacts_guard_payload"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'artifact payloads are immutable (% refused)', TG_OP USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.hash !~ '^sha256:[0-9a-f]{64}$' OR NEW.size_bytes < 0 OR NEW.stored_bytes <> octet_length(NEW.body) THEN
    RAISE EXCEPTION 'artifact payload % refused', NEW.hash USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "payloads_guard" BEFORE INSERT OR UPDATE OR DELETE ON "payloads"
  FOR EACH ROW EXECUTE FUNCTION "artifacts_guard_payload"();

CREATE TRIGGER "payloads_no_truncate" BEFORE TRUNCATE ON "payloads"
  FOR EACH STATEMENT EXECUTE FUNCTION "artifacts_guard_payload"();

-- The history is append-only.
CREATE FUNCTION "artifacts_guard_history"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'transcription history is append-only (% refused)', TG_OP USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.action NOT IN ('created', 'version_added', 'restored') OR NEW.actor_type NOT IN ('service', 'user') THEN
    RAISE EXCEPTION 'history row refused (action %, actor %)', NEW.action, NEW.actor_type USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "transcription_history_guard" BEFORE INSERT OR UPDATE OR DELETE ON "transcription_history"
  FOR EACH ROW EXECUTE FUNCTION "artifacts_guard_history"();

CREATE TRIGGER "transcription_history_no_truncate" BEFORE TRUNCATE ON "transcription_history"
  FOR EACH STATEMENT EXECUTE FUNCTION "artifacts_guard_history"();

-- Artifacts: a known type; owner, type, media and creation never change; the version count only
-- grows, and once an artifact has a current version it always has one.
CREATE FUNCTION "artifacts_guard_artifact"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.artifact_type NOT IN ('transcript', 'media_export') OR NEW.version_count < 0 THEN
    RAISE EXCEPTION 'artifact % refused (type %, version count %)', NEW.id, NEW.artifact_type, NEW.version_count
      USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'UPDATE' AND (
       NEW.id <> OLD.id OR NEW.user_id <> OLD.user_id OR NEW.artifact_type <> OLD.artifact_type
       OR NEW.media_id <> OLD.media_id OR NEW.created_at <> OLD.created_at
       OR NEW.version_count < OLD.version_count
       OR (OLD.current_version_id IS NOT NULL AND NEW.current_version_id IS NULL)) THEN
    RAISE EXCEPTION 'artifact % update refused', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "artifacts_guard" BEFORE INSERT OR UPDATE ON "artifacts"
  FOR EACH ROW EXECUTE FUNCTION "artifacts_guard_artifact"();

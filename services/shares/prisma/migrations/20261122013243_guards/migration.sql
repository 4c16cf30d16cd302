-- What schema.prisma cannot express: the shares' rules enforced by the database, so no code path
-- (and no hand-written SQL) can store a token instead of its hash, bring a revoked or taken-down
-- link back, or move a share to another owner, artifact or media. A trigger rather than CHECK
-- constraints: the offline schema engine cannot describe CHECK constraints (ADR 0002, ADR 0006).

CREATE FUNCTION "shares_guard_share"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.share_kind NOT IN ('transcript')
     OR NEW.access_scope NOT IN ('everyone')
     -- A SHA-256 in lowercase hex: a 43-character base64url token can never pass for one.
     OR NEW.token_hash !~ '^[0-9a-f]{64}$'
     OR char_length(NEW.token_hint) <> 4
     OR NEW.open_count < 0
     OR NEW.user_id = '' OR NEW.target_id = '' OR NEW.media_id = ''
     OR (NEW.target_version_id IS NOT NULL AND NEW.target_version_id = '')
     OR (NEW.taken_down_at IS NULL) <> (NEW.takedown_reason IS NULL)
     OR (NEW.takedown_reason IS NOT NULL
         AND NEW.takedown_reason NOT IN ('media_deleted', 'media_gone', 'artifact_gone', 'version_gone', 'account_deleted')) THEN
    RAISE EXCEPTION 'share % refused (kind %, scope %, takedown %)', NEW.id, NEW.share_kind, NEW.access_scope, NEW.takedown_reason
      USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'UPDATE' AND (
       NEW.id <> OLD.id OR NEW.user_id <> OLD.user_id OR NEW.share_kind <> OLD.share_kind
       OR NEW.access_scope <> OLD.access_scope OR NEW.target_id <> OLD.target_id
       OR NEW.media_id <> OLD.media_id OR NEW.created_at <> OLD.created_at
       OR NEW.open_count < OLD.open_count
       -- Revocation and take-down are for good; a revoked link keeps its (dead) hash.
       OR (OLD.revoked_at IS NOT NULL AND (NEW.revoked_at IS DISTINCT FROM OLD.revoked_at OR NEW.token_hash <> OLD.token_hash))
       OR (OLD.taken_down_at IS NOT NULL AND NEW.taken_down_at IS DISTINCT FROM OLD.taken_down_at)) THEN
    RAISE EXCEPTION 'share % update refused', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "shares_guard" BEFORE INSERT OR UPDATE ON "shares"
  FOR EACH ROW EXECUTE FUNCTION "shares_guard_share"();

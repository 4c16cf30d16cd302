-- What schema.prisma cannot express: the ledger's rules enforced by the database, so no code
-- path (and no hand-written SQL) can leave a negative balance or rewrite history.
-- Triggers rather than CHECK constraints: the offline schema engine cannot describe CHECK
-- constraints through the patched adapter ("char" columns map to Text), see the ADR 0006.

CREATE FUNCTION "billing_guard_account"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.available_micro < 0 OR NEW.reserved_micro < 0 THEN
    RAISE EXCEPTION 'credit account % would go negative (available %, reserved %)', NEW.principal_id, NEW.available_micro, NEW.reserved_micro
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "credit_accounts_guard" BEFORE INSERT OR UPDATE ON "credit_accounts"
  FOR EACH ROW EXECUTE FUNCTION "billing_guard_account"();

CREATE FUNCTION "billing_guard_grant"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.amount_micro <= 0 OR NEW.remaining_micro < 0 OR NEW.expired_micro < 0
     OR NEW.remaining_micro + NEW.expired_micro > NEW.amount_micro THEN
    RAISE EXCEPTION 'credit grant % out of range (amount %, remaining %, expired %)', NEW.id, NEW.amount_micro, NEW.remaining_micro, NEW.expired_micro
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "credit_grants_guard" BEFORE INSERT OR UPDATE ON "credit_grants"
  FOR EACH ROW EXECUTE FUNCTION "billing_guard_grant"();

CREATE FUNCTION "billing_guard_reservation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.held_micro <= 0 OR NEW.charged_micro < 0 OR NEW.charged_micro > NEW.held_micro
     OR NEW.status NOT IN ('held', 'settled', 'released') THEN
    RAISE EXCEPTION 'reservation % out of range (held %, charged %, status %)', NEW.id, NEW.held_micro, NEW.charged_micro, NEW.status
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "reservations_guard" BEFORE INSERT OR UPDATE ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION "billing_guard_reservation"();

-- Ledger entries are immutable: insert only, with a known kind and non-negative balances after.
CREATE FUNCTION "billing_guard_ledger_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'ledger entries are immutable (% refused)', TG_OP USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.kind NOT IN ('grant', 'reservation', 'release', 'settlement', 'charge', 'expiry', 'adjustment')
     OR NEW.available_after_micro < 0 OR NEW.reserved_after_micro < 0 THEN
    RAISE EXCEPTION 'ledger entry % refused (kind %, available after %, reserved after %)', NEW.id, NEW.kind, NEW.available_after_micro, NEW.reserved_after_micro
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "ledger_entries_guard" BEFORE INSERT OR UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "billing_guard_ledger_entry"();

CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "billing_guard_ledger_entry"();

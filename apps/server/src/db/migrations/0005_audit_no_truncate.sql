-- audit_logs is append-only: row triggers refuse UPDATE and DELETE (0001); TRUNCATE skips row
-- triggers, so a statement trigger refuses it too. The same function raises the error.
CREATE TRIGGER audit_logs_no_truncate BEFORE TRUNCATE ON audit_logs
  FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_append_only();

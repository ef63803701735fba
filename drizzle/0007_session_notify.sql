-- The session cache (src/server/features/auth/session-cache.ts) is told what changed: every
-- process LISTENs on ppp_auth. Deleted or changed sessions send "s<ids>", changed users (disabled,
-- role, brand, password) "u<ids>", and more than 500 rows or a truncate "*" (forget everything).
-- NOTIFY is sent at commit, once per distinct payload per transaction.
CREATE FUNCTION ppp_auth_notify_ids(kind text, ids int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  PERFORM pg_notify('ppp_auth', CASE WHEN cardinality(ids) > 500 THEN '*' ELSE kind || array_to_string(ids, ',') END);
END $$;--> statement-breakpoint
CREATE FUNCTION sessions_notify_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ppp_auth_notify_ids('s', (SELECT coalesce(array_agg(id), '{}') FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION users_notify_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ppp_auth_notify_ids('u', (SELECT coalesce(array_agg(id), '{}') FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION ppp_auth_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ppp_auth', '*');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sessions_notify_delete AFTER DELETE ON sessions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sessions_notify_old();--> statement-breakpoint
CREATE TRIGGER sessions_notify_update AFTER UPDATE ON sessions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sessions_notify_old();--> statement-breakpoint
CREATE TRIGGER sessions_notify_truncate AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION ppp_auth_notify_all();--> statement-breakpoint
CREATE TRIGGER users_notify_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION users_notify_old();--> statement-breakpoint
CREATE TRIGGER users_notify_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION users_notify_old();--> statement-breakpoint
CREATE TRIGGER users_notify_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION ppp_auth_notify_all();

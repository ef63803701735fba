-- The list's version (issue 15): every statement that writes patterns advances this sequence, so
-- what the list keeps in memory per version (page-number anchors, list-anchors.ts) is read again
-- after any change. A sequence takes no row lock: concurrent writers do not wait on each other.
CREATE SEQUENCE "pattern_list_version";--> statement-breakpoint
CREATE FUNCTION pattern_list_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('pattern_list_version');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER pattern_list_version_write AFTER INSERT OR UPDATE OR DELETE ON patterns FOR EACH STATEMENT EXECUTE FUNCTION pattern_list_version_bump();--> statement-breakpoint
CREATE TRIGGER pattern_list_version_truncate AFTER TRUNCATE ON patterns FOR EACH STATEMENT EXECUTE FUNCTION pattern_list_version_bump();

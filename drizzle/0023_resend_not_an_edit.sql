-- Sending a pattern to review again (after an edit of a pattern already in review, or of a
-- published pattern's edit) changes neither its status nor its edit status, only reviewed_at: the
-- trigger of 0019 took it for a content edit, and set content_updated_at to the send's updated_at,
-- which can be a millisecond after the reviewed_at the same send wrote: the pattern then showed
-- "Edited after review" and could not be published. A status action (reviewed_at or published_at
-- moving) is never a content edit.
CREATE OR REPLACE FUNCTION patterns_content_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.content_updated_at := NEW.updated_at;
  ELSIF NEW.updated_at IS DISTINCT FROM OLD.updated_at
    AND NEW."SFCC_Status" IS NOT DISTINCT FROM OLD."SFCC_Status"
    AND NEW.edit_status IS NOT DISTINCT FROM OLD.edit_status
    AND NEW.reviewed_at IS NOT DISTINCT FROM OLD.reviewed_at
    AND NEW.published_at IS NOT DISTINCT FROM OLD.published_at THEN
    NEW.content_updated_at := NEW.updated_at;
  END IF;
  RETURN NEW;
END $$;

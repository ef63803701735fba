-- Issue 44: what each target holds of a pattern. `held` lists the product ids (master and
-- variants) the target may have after the imports so far: set by a confirmed upsert (what it
-- sent), widened by a failed one (it may have imported part of it), emptied by a confirmed delete.
-- Taking offline and deleting name exactly these, and a publish that drops sizes takes the dropped
-- variants offline. NULL (rows before this migration): the pending row's ids, as before.
ALTER TABLE "storefront_status" ADD COLUMN "held" jsonb;

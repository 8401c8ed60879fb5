-- The tagged leads' sort indexes (20261124130000_lead_filter_indexes) again, now carrying what a tag filter's
-- walk checks: the search text, the status, the owner and the tags (and the name, from which the A→Z keys are
-- computed). A tag filter combined with a search ("silva" + tag=vip by name, issue 14) then walks the index
-- alone, several thousand entries for a few ms, and reads from the table only the page's rows; before, each
-- walked entry was a table page read (2,000 of them for 31 matches at 1M leads, then a collect: 33–40 ms).
-- A B-tree entry cannot exceed ~2,700 bytes, and a lead's name, email, phone and document (500 characters
-- each) and tags (50 of up to 50 characters) can add up to more. So these indexes hold the tagged leads whose
-- entry fits a bound (every lead seen in practice: a few hundred bytes at most), and two more, without INCLUDE,
-- hold those that do not.
CREATE FUNCTION leads_walk_entry_bytes(name text, search_text text, tags text[]) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(octet_length(name), 0) + 2 * coalesce(octet_length(search_text), 0)
    + coalesce((SELECT sum(octet_length(tag) + 8) FROM unnest(tags) AS tag), 0)::integer $$;

DROP INDEX "leads_workspace_id_tagged_created_at_id_idx";
DROP INDEX "leads_workspace_id_tagged_name_idx";
-- 2,000: the folded name (at most the search text's length: it is its first part), the name and the search
-- text, 8 bytes per tag for its length word and alignment, and 150 to spare for the fixed-size columns and
-- headers stay under the limit.
CREATE INDEX "leads_workspace_id_tagged_created_at_id_idx" ON "leads"("workspace_id", "created_at" DESC, "id" DESC)
  INCLUDE ("search_text", "status", "owner_id", "tags")
  WHERE "tags" <> '{}' AND leads_walk_entry_bytes("name", "search_text", "tags") <= 2000;
CREATE INDEX "leads_workspace_id_tagged_name_idx" ON "leads"("workspace_id", ("name" IS NULL), (coalesce(leadlink_fold("name"), '')), "id")
  INCLUDE ("name", "search_text", "status", "owner_id", "tags")
  WHERE "tags" <> '{}' AND leads_walk_entry_bytes("name", "search_text", "tags") <= 2000;
-- The others, in the same two orders (a walk merges them in): almost always empty, so almost free to keep.
CREATE INDEX "leads_workspace_id_tagged_oversized_created_at_id_idx" ON "leads"("workspace_id", "created_at" DESC, "id" DESC)
  WHERE "tags" <> '{}' AND leads_walk_entry_bytes("name", "search_text", "tags") > 2000;
CREATE INDEX "leads_workspace_id_tagged_oversized_name_idx" ON "leads"("workspace_id", ("name" IS NULL), (coalesce(leadlink_fold("name"), '')), "id")
  WHERE "tags" <> '{}' AND leads_walk_entry_bytes("name", "search_text", "tags") > 2000;

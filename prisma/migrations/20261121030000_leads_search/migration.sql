-- Search, filters and sorts of the admin leads table, kept fast at a million leads per workspace with
-- three indexes: every index on leads costs ingest write time, so each one serves several queries.
-- Case and accent folding for search and the A→Z sort. translate() rather than unaccent(): it is immutable,
-- so it can sit in an index expression, and it exists in the embedded database too.
CREATE FUNCTION leadlink_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(translate(value,
    'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÇçÑñÝýÿ',
    'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOOooooooUUUUuuuuCcNnYyy')) $$;

-- What the search box matches: the folded name and email, and the phone and document digits
-- (stored canonical, so a typed "(11) 98765-4321" is matched by its digits).
CREATE FUNCTION leads_search_text(name text, email text, phone text, document text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT leadlink_fold(coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(document, '')) $$;

-- The values the table filters on by equality, as tokens: the capture link, and the UTM source, medium and
-- campaign of the first and the last touch (a filter matches either touch), lower-cased.
CREATE FUNCTION leads_facets(capture_link_id uuid, first_source text, first_medium text, first_campaign text,
    last_source text, last_medium text, last_campaign text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT ARRAY[
    'link:' || coalesce(capture_link_id::text, ''),
    'source:' || lower(coalesce(first_source, '')), 'medium:' || lower(coalesce(first_medium, '')),
    'campaign:' || lower(coalesce(first_campaign, '')),
    'source:' || lower(coalesce(last_source, '')), 'medium:' || lower(coalesce(last_medium, '')),
    'campaign:' || lower(coalesce(last_campaign, ''))] $$;

-- Stored, not only indexed: a search reads it for every row it looks at (rechecks, walking a sort index),
-- and folding the text again there costs more than reading about 60 bytes. Not in schema.prisma: nothing
-- writes it but PostgreSQL.
ALTER TABLE "leads" ADD COLUMN "search_text" TEXT GENERATED ALWAYS AS (leads_search_text("name", "email", "phone", "document")) STORED;

-- One GIN index for search (trigrams) and the equality filters (facet tokens): a rare term or value is found
-- through it; a common one is cheaper to find walking a sort index below, which the planner chooses by itself.
-- pg_trgm ships with PostgreSQL and the app loads it into PGlite; where it cannot be loaded (PGlite under
-- Vitest's module loader) search still works, by scanning, and the index serves the filters only.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX "leads_search_idx" ON "leads" USING gin (
      "search_text" gin_trgm_ops,
      leads_facets("capture_link_id", "first_utm_source", "first_utm_medium", "first_utm_campaign",
        "last_utm_source", "last_utm_medium", "last_utm_campaign")
    );
  ELSE
    CREATE INDEX "leads_search_idx" ON "leads" USING gin (
      leads_facets("capture_link_id", "first_utm_source", "first_utm_medium", "first_utm_campaign",
        "last_utm_source", "last_utm_medium", "last_utm_campaign")
    );
  END IF;
END $$;

-- Keyset order of the "last activity first" sort (newest and oldest use leads_workspace_id_created_at_id_idx).
CREATE INDEX "leads_workspace_id_updated_at_id_idx" ON "leads"("workspace_id", "updated_at" DESC, "id" DESC);

-- Keyset order of the A→Z sort: named leads first, by folded name; the expressions are never NULL, so a
-- row comparison walks the index.
CREATE INDEX "leads_workspace_id_name_idx" ON "leads"("workspace_id", ("name" IS NULL), (coalesce(leadlink_fold("name"), '')), "id");

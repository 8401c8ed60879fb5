-- A capture link may require identity: a request with none of name, email or telephone is refused (422)
-- instead of creating an "Unnamed lead" that no later request can match. Off by default (DESIGN.md section 3).
ALTER TABLE "capture_links" ADD COLUMN "require_identity" BOOLEAN NOT NULL DEFAULT false;

-- A custom field's former labels: senders that keep using an old label still reach the field after a rename.
-- label_key is the folded label (lib/fields/label-key.ts). Aliases are unique in the workspace; that they do not
-- collide with another field's label or name is checked under a lock of the workspace's row (lib/fields/field-keys.ts),
-- as no index spans the two tables.
CREATE TABLE "custom_field_aliases" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "field_id" UUID NOT NULL,
    "label" TEXT NOT NULL,
    "label_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "custom_field_aliases_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "custom_field_aliases_workspace_id_label_key_key" ON "custom_field_aliases"("workspace_id", "label_key");
CREATE INDEX "custom_field_aliases_field_id_idx" ON "custom_field_aliases"("field_id");

ALTER TABLE "custom_field_aliases" ADD CONSTRAINT "custom_field_aliases_field_id_fkey" FOREIGN KEY ("field_id") REFERENCES "custom_fields"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The link page offers to allow the origins it recently refused. Those are few among a link's requests, so a
-- partial index finds them without walking the link's whole log; ingest's other writes do not touch it.
CREATE INDEX "submissions_refused_origins_idx" ON "submissions"("capture_link_id", "received_at" DESC)
  INCLUDE ("origin")
  WHERE "error_code" = 'origin_not_allowed';

-- The management API (DESIGN.md section 8): API keys per workspace, and dry-run requests in the link's log.

-- A key is shown once; only its SHA-256 is kept (the token carries 192 random bits, so a fast hash is
-- enough: there is nothing to brute-force). The prefix lets an admin tell keys apart in the list.
CREATE TABLE "api_keys" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "scope" TEXT NOT NULL DEFAULT 'read',
    "token_hash" TEXT NOT NULL,
    "token_prefix" TEXT NOT NULL,
    -- The admin who made it; null when made on the command line (or the user was deleted since).
    "created_by_id" UUID,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "api_keys_scope_check" CHECK ("scope" IN ('read', 'write'))
);

CREATE UNIQUE INDEX "api_keys_token_hash_key" ON "api_keys"("token_hash");
CREATE INDEX "api_keys_workspace_id_created_at_idx" ON "api_keys"("workspace_id", "created_at");

ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A request sent with `Leadlink-Dry-Run: 1`: validated and resolved, written to the log only (no lead).
ALTER TABLE "submissions" ADD COLUMN "dry_run" BOOLEAN NOT NULL DEFAULT false;

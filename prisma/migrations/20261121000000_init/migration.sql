-- CreateEnum
CREATE TYPE "role" AS ENUM ('owner', 'admin', 'member');
CREATE TYPE "link_status" AS ENUM ('active', 'revoked');
CREATE TYPE "field_type" AS ENUM ('text', 'number', 'date', 'boolean', 'select');
CREATE TYPE "submission_outcome" AS ENUM ('created', 'updated', 'rejected', 'spam');

-- CreateTable
CREATE TABLE "workspaces" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "country" CHAR(2) NOT NULL DEFAULT 'BR',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "workspaces_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "workspaces_slug_key" ON "workspaces"("slug");

CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "password_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

CREATE TABLE "memberships" (
    "workspace_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "role" "role" NOT NULL DEFAULT 'member',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "memberships_pkey" PRIMARY KEY ("workspace_id", "user_id")
);
CREATE INDEX "memberships_user_id_idx" ON "memberships"("user_id");

CREATE TABLE "capture_links" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "token" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" "link_status" NOT NULL DEFAULT 'active',
    "allowed_origins" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "rate_limit" TEXT,
    "honeypot_field" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),
    CONSTRAINT "capture_links_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "capture_links_token_key" ON "capture_links"("token");
CREATE INDEX "capture_links_workspace_id_created_at_idx" ON "capture_links"("workspace_id", "created_at");

CREATE TABLE "capture_link_stats" (
    "capture_link_id" UUID NOT NULL,
    "shard" SMALLINT NOT NULL,
    "accepted" BIGINT NOT NULL DEFAULT 0,
    "rejected" BIGINT NOT NULL DEFAULT 0,
    "last_received_at" TIMESTAMPTZ(3),
    CONSTRAINT "capture_link_stats_pkey" PRIMARY KEY ("capture_link_id", "shard")
);

CREATE TABLE "custom_fields" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "label_key" TEXT NOT NULL,
    "type" "field_type" NOT NULL DEFAULT 'text',
    "options" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "archived_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "custom_fields_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "custom_fields_workspace_id_name_key" ON "custom_fields"("workspace_id", "name");
CREATE UNIQUE INDEX "custom_fields_workspace_id_label_key_key" ON "custom_fields"("workspace_id", "label_key");

CREATE TABLE "leads" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "capture_link_id" UUID,
    "email" TEXT,
    "phone" TEXT,
    "name" TEXT,
    "document" TEXT,
    "profession" TEXT,
    "city" TEXT,
    "state" TEXT,
    "instagram" TEXT,
    "birthday" DATE,
    "address" JSONB NOT NULL DEFAULT '{}',
    "custom_fields" JSONB NOT NULL DEFAULT '{}',
    "first_utm_source" TEXT,
    "first_utm_medium" TEXT,
    "first_utm_campaign" TEXT,
    "first_utm_content" TEXT,
    "first_utm_term" TEXT,
    "last_utm_source" TEXT,
    "last_utm_medium" TEXT,
    "last_utm_campaign" TEXT,
    "last_utm_content" TEXT,
    "last_utm_term" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "leads_pkey" PRIMARY KEY ("id")
);
-- The dedupe keys: concurrent requests for one person cannot both insert.
CREATE UNIQUE INDEX "leads_workspace_id_email_key" ON "leads"("workspace_id", "email");
CREATE UNIQUE INDEX "leads_workspace_id_phone_key" ON "leads"("workspace_id", "phone");
CREATE INDEX "leads_workspace_id_created_at_id_idx" ON "leads"("workspace_id", "created_at" DESC, "id" DESC);

CREATE TABLE "submissions" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "capture_link_id" UUID NOT NULL,
    "lead_id" UUID,
    "outcome" "submission_outcome" NOT NULL,
    "status" SMALLINT NOT NULL,
    "error_code" TEXT,
    "errors" JSONB,
    "warnings" JSONB NOT NULL DEFAULT '[]',
    "payload" TEXT,
    "ip" TEXT,
    "user_agent" TEXT,
    "origin" TEXT,
    "referer" TEXT,
    "idempotency_key" TEXT,
    "utm_source" TEXT,
    "utm_medium" TEXT,
    "utm_campaign" TEXT,
    "utm_content" TEXT,
    "utm_term" TEXT,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "submissions_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "submissions_lead_id_received_at_idx" ON "submissions"("lead_id", "received_at");
CREATE INDEX "submissions_capture_link_id_received_at_idx" ON "submissions"("capture_link_id", "received_at" DESC);

CREATE TABLE "idempotency_keys" (
    "capture_link_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "submission_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("capture_link_id", "key")
);
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys"("created_at");

-- AddForeignKey
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "capture_links" ADD CONSTRAINT "capture_links_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "capture_link_stats" ADD CONSTRAINT "capture_link_stats_capture_link_id_fkey" FOREIGN KEY ("capture_link_id") REFERENCES "capture_links"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "leads" ADD CONSTRAINT "leads_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "leads" ADD CONSTRAINT "leads_capture_link_id_fkey" FOREIGN KEY ("capture_link_id") REFERENCES "capture_links"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_capture_link_id_fkey" FOREIGN KEY ("capture_link_id") REFERENCES "capture_links"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Email (DESIGN.md section 7, issue 14 item 4): each member's notification choice per workspace, an email
-- outbox dispatched by the webhook dispatcher with the same leases and retries (docs/email.md), and the
-- one-time tokens of invitations and password resets (stored as SHA-256 hashes, never in clear).
CREATE TABLE "notification_preferences" (
    "workspace_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    -- 'instant' (an email per new lead), 'digest' (one a day), 'none' (the default: no row at all).
    "mode" TEXT NOT NULL DEFAULT 'none',
    -- Empty: every capture link of the workspace.
    "link_ids" UUID[] NOT NULL DEFAULT ARRAY[]::UUID[],
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "notification_preferences_pkey" PRIMARY KEY ("workspace_id", "user_id"),
    CONSTRAINT "notification_preferences_mode_check" CHECK ("mode" IN ('instant', 'digest', 'none'))
);

-- Leaving a workspace ends its notifications.
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_membership_fkey" FOREIGN KEY ("workspace_id", "user_id") REFERENCES "memberships"("workspace_id", "user_id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "email_messages" (
    "id" UUID NOT NULL,
    -- 'new_lead', 'digest', 'endpoint_disabled', 'invitation', 'password_reset'.
    "kind" TEXT NOT NULL,
    "workspace_id" UUID,
    -- The recipient: a user (their current address is read at sending time) or, for an invitation, an address.
    "user_id" UUID,
    "to_address" TEXT,
    "lead_id" UUID,
    "submission_id" UUID,
    "endpoint_id" UUID,
    -- A digest's day (UTC).
    "digest_day" DATE,
    -- An invitation's or reset's link token, encrypted with a key derived from AUTH_SECRET; cleared once
    -- the message is delivered or has failed.
    "sealed_token" TEXT,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lease_owner" TEXT,
    "lease_expires_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMPTZ(3),
    CONSTRAINT "email_messages_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "email_messages_state_check" CHECK ("state" IN ('pending', 'delivered', 'failed')),
    CONSTRAINT "email_messages_kind_check" CHECK ("kind" IN ('new_lead', 'digest', 'endpoint_disabled', 'invitation', 'password_reset')),
    CONSTRAINT "email_messages_recipient_check" CHECK ("user_id" IS NOT NULL OR "to_address" IS NOT NULL)
);

-- The dispatcher's scan, as for webhooks: only pending messages, oldest due first.
CREATE INDEX "email_messages_due_idx" ON "email_messages"("next_attempt_at") WHERE "state" = 'pending';
-- One digest per member, workspace and day, however many instances schedule it.
CREATE UNIQUE INDEX "email_messages_digest_key" ON "email_messages"("workspace_id", "user_id", "digest_day") WHERE "kind" = 'digest';
CREATE INDEX "email_messages_user_id_idx" ON "email_messages"("user_id");

ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "invitations" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "role" "role" NOT NULL DEFAULT 'member',
    "invited_by" UUID,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "accepted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "invitations_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "invitations_token_hash_key" ON "invitations"("token_hash");
CREATE INDEX "invitations_workspace_id_idx" ON "invitations"("workspace_id");

ALTER TABLE "invitations" ADD CONSTRAINT "invitations_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_fkey" FOREIGN KEY ("invited_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "password_resets" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "password_resets_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "password_resets_token_hash_key" ON "password_resets"("token_hash");
CREATE INDEX "password_resets_user_id_idx" ON "password_resets"("user_id");

ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

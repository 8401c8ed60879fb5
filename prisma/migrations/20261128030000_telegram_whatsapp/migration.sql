-- Issue 25, part 3: two more channels (DESIGN.md section 14).
-- Telegram is a kind of webhook endpoint: its bot token (a secret, masked after saving) and the chat it posts to.
-- The URL of such an endpoint is empty: the Bot API's address comes from the server's environment only.
ALTER TABLE "webhook_endpoints" ADD COLUMN "bot_token" TEXT, ADD COLUMN "chat_id" TEXT;
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_kind_check";
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_kind_check" CHECK ("kind" IN ('webhook', 'slack', 'telegram'));
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_telegram_check"
  CHECK ("kind" <> 'telegram' OR ("bot_token" IS NOT NULL AND "chat_id" IS NOT NULL));

-- WhatsApp: a member opts in, per workspace, with their number (E.164 digits, as leads' phones are stored).
ALTER TABLE "notification_preferences" ADD COLUMN "whatsapp_number" TEXT;

-- The WhatsApp queue, claimed and retried like email_messages. A message's template parameters are fixed
-- when it is written, in the lead's own transaction; erasure fails the queued ones and clears them.
CREATE TABLE "whatsapp_messages" (
  "id" UUID NOT NULL,
  "workspace_id" UUID NOT NULL,
  "user_id" UUID NOT NULL,
  "to_number" TEXT NOT NULL,
  "lead_id" UUID,
  "lead_name" TEXT,
  "lead_phone" TEXT,
  "lead_url" TEXT,
  "state" TEXT NOT NULL DEFAULT 'pending',
  "attempt_count" INTEGER NOT NULL DEFAULT 0,
  "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "lease_owner" TEXT,
  "lease_expires_at" TIMESTAMPTZ(3),
  "last_error" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "delivered_at" TIMESTAMPTZ(3),
  CONSTRAINT "whatsapp_messages_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "whatsapp_messages_state_check" CHECK ("state" IN ('pending', 'delivered', 'failed')),
  -- A member who leaves, or a workspace deleted, takes their queued messages along.
  CONSTRAINT "whatsapp_messages_membership_fkey" FOREIGN KEY ("workspace_id", "user_id")
    REFERENCES "memberships" ("workspace_id", "user_id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "whatsapp_messages_due_idx" ON "whatsapp_messages" ("next_attempt_at") WHERE "state" = 'pending';
CREATE INDEX "whatsapp_messages_lead_id_idx" ON "whatsapp_messages" ("lead_id");

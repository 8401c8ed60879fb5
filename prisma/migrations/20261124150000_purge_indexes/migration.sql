-- The retention job deletes sent and failed emails past their window, oldest first (lib/privacy/retention.ts).
CREATE INDEX "email_messages_done_created_at_idx" ON "email_messages"("created_at") WHERE "state" <> 'pending';

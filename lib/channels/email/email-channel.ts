import { mailEnabled } from "@/lib/mail/mail-config";
import type { Channel, OutboxItem } from "@/lib/outbox/channel";
import { deliverEmail } from "./deliver-email";
import { type ClaimedEmail, claimEmails, releaseAllEmails, releaseEmails } from "./email-outbox";
import { enqueueDigests } from "./enqueue-digests";
import { expandEmailsSql } from "./expand-emails";

export interface EmailItem extends OutboxItem {
  readonly email: ClaimedEmail;
}

/**
 * The email channel: rows of email_messages (new leads, digests, disabled endpoints, invitations, password
 * resets), rendered when sent and sent over SMTP (docs/email.md). Without SMTP_URL it claims nothing and
 * writes no digest: the rows wait for a server that has mail on.
 */
export function emailChannel(): Channel<EmailItem> {
  return {
    name: "email",
    expandSql: expandEmailsSql,
    async claim(database, owner, limit, leaseMs) {
      if (!mailEnabled()) return [];
      const emails = await claimEmails(database, owner, limit, leaseMs);
      return emails.map((email) => ({ key: `email:${email.id}`, email }));
    },
    deliver: (database, item: EmailItem, { owner, signal }) => deliverEmail(database, item.email, owner, signal),
    release: (database, owner) => releaseEmails(database, owner),
    releaseAll: (database) => releaseAllEmails(database),
    /** The digests that fell due (one per member and day, whatever the number of instances). */
    async tick(database, now) {
      if (mailEnabled()) await enqueueDigests(database, now);
    },
  };
}

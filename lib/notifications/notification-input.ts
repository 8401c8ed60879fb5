import { z } from "zod";

export const NOTIFICATION_MODES = ["instant", "digest", "none"] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];

/** A member's email notifications for one workspace: the admin page and `notify set` both parse this. */
export const NotificationInput = z.object({
  mode: z.enum(NOTIFICATION_MODES, { error: "expected instant, digest or none" }),
  /** Empty: every capture link. */
  linkIds: z
    .array(z.uuid({ error: "expected a capture link id" }))
    .max(100)
    .default([]),
  /**
   * The member's WhatsApp number for a message per new lead (read in the workspace's country, stored as
   * E.164): absent keeps the one saved, empty or null stops the messages.
   */
  whatsappNumber: z.string().trim().max(40).nullable().optional(),
});
export type NotificationInput = z.input<typeof NotificationInput>;

export interface NotificationPreferenceJson {
  mode: NotificationMode;
  links: string[];
  /** E.164 with its "+", or null: no WhatsApp messages. */
  whatsapp: string | null;
}

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
});
export type NotificationInput = z.input<typeof NotificationInput>;

export interface NotificationPreferenceJson {
  mode: NotificationMode;
  links: string[];
}

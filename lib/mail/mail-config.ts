import { env } from "@/lib/env";

export interface MailSettings {
  url: string;
  from: string;
}

/** SMTP_URL and MAIL_FROM, or undefined: without both, email is off and the admin says so. */
export function mailSettings(): MailSettings | undefined {
  const { SMTP_URL, MAIL_FROM } = env();
  return SMTP_URL && MAIL_FROM ? { url: SMTP_URL, from: MAIL_FROM } : undefined;
}

export function mailEnabled(): boolean {
  return mailSettings() !== undefined;
}

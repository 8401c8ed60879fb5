import nodemailer, { type Transporter } from "nodemailer";
import { processSingleton } from "@/lib/process-singleton";
import { mailSettings } from "./mail-config";

/** What every email is made of: a text part and an escaped HTML part of the same content. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

// A dead or silent mail server must not hold a dispatcher slot for long: the attempt fails and is retried
// on the schedule (nodemailer's defaults are 2 min for the connection and 10 min for the socket).
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

const transports = processSingleton("mail-transports", () => new Map<string, Transporter>());

function transport(url: string): Transporter {
  let found = transports.get(url);
  if (!found) {
    // Not pooled: emails are few, and a fresh connection per message never reuses a socket the server dropped.
    found = nodemailer.createTransport({ url, ...TIMEOUTS });
    transports.set(url, found);
  }
  return found;
}

/** Sends one email through SMTP_URL; throws when email is off or the server refuses it. */
export async function sendMail(to: string, content: MailContent): Promise<void> {
  const settings = mailSettings();
  if (!settings) throw new Error("email is off (SMTP_URL and MAIL_FROM are not both set)");
  await transport(settings.url).sendMail({
    from: settings.from,
    to,
    subject: content.subject,
    text: content.text,
    html: content.html,
    ...(content.replyTo && { replyTo: content.replyTo }),
  });
}

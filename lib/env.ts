import path from "node:path";
import { z } from "zod";
import { RateLimitSetting } from "@/lib/validation/rate";

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .optional()
  .transform((value) => value === "1" || value === "true" || value === "yes");

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  /**
   * "transaction": DATABASE_URL points at a pooler in transaction mode (PgBouncer without prepared-statement
   * support, e.g. Debian's 1.18): no named prepared statements, no session state; migrations, backups and
   * the seed use DATABASE_DIRECT_URL (DESIGN.md section 17). "none" (or "session"): connections are sessions.
   */
  DATABASE_POOLER: z.enum(["none", "session", "transaction", ""]).default("none"),
  /** PostgreSQL itself, bypassing the pooler: what needs a session (migrations, backups, the seed). */
  DATABASE_DIRECT_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  /**
   * A streaming replica of DATABASE_URL's PostgreSQL (DESIGN.md section 17): the admin's heavy reads go to it
   * while it answers and lags at most DATABASE_REPLICA_MAX_LAG seconds (lib/db/replica.ts).
   */
  DATABASE_REPLICA_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  /** Seconds of replication lag beyond which reads go back to the primary. */
  DATABASE_REPLICA_MAX_LAG: z.coerce.number().min(0).max(86_400).default(10),
  /** Connections each app instance keeps to PostgreSQL. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(16),
  DATA_DIR: z.string().trim().default("./data"),
  /**
   * Whole months of the request log (`submissions`) kept; older months are dropped at once, once past every
   * workspace's retention windows too (docs/scaling.md, "Monthly partitions"). Unset: every month is kept.
   */
  SUBMISSIONS_KEEP_MONTHS: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.coerce.number().int().min(1).max(1200).optional(),
  ),
  AUTH_SECRET: z
    .string()
    .trim()
    .min(32)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PUBLIC_BASE_URL: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined))
    .transform((value) => value?.replace(/\/+$/, "")),
  TRUST_PROXY: flag,
  REDIS_URL: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  INGEST_RATE_LIMIT: RateLimitSetting.default("120/min"),
  /** Requests per management API key (DESIGN.md section 8), or "off". */
  API_RATE_LIMIT: RateLimitSetting.default("600/min"),
  /** How long an ingest request's body may take to arrive once its headers have: then 408 request_timeout. */
  INGEST_BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  /**
   * "on": lead writes that queue while earlier ones are in flight go to the database together, one transaction
   * and one round trip (lib/ingest/group-commit.ts); "off": each alone.
   */
  INGEST_GROUP_COMMIT: z.enum(["on", "off"]).default("on"),
  /** Lets webhook endpoints target loopback, private and link-local addresses (an internal CRM; the tests). */
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: flag,
  /** Replaces the webhook retry schedule, e.g. "1s,2s,4s" (units ms, s, m, h); empty: DESIGN.md section 7's. */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(
      z
        .string()
        .regex(/^\d+(ms|s|m|h)(\s*,\s*\d+(ms|s|m|h))*$/, 'expected durations such as "1s,2s,4s"')
        .optional(),
    ),
  /**
   * Where the server runs the webhook and email dispatcher: "process", a child process of its own (the default,
   * so deliveries do not wait behind requests on the server's thread), or "inline", in the server process.
   */
  WEBHOOK_DISPATCHER: z.enum(["process", "inline"]).default("process"),
  /**
   * The dispatcher process's nice value (0–19, higher yields the CPU more readily): deliveries are background
   * work, so on a busy machine the server's requests and PostgreSQL get the CPU first (docs/webhooks.md).
   */
  WEBHOOK_DISPATCHER_NICE: z.coerce.number().int().min(0).max(19).default(5),
  /**
   * PostgreSQL: "on", webhook messages are sent while their events are held in the runner's transaction and
   * written once, as they ended (lib/outbox/hold-events.ts), so a message reaches the delivery log only after
   * its receiver has it; "off" (the default): queued before the attempt, claimed and recorded row by row.
   */
  OUTBOX_HOLD: z.enum(["on", "off"]).default("off"),
  /** The mail server, smtp://user:pass@host:port or smtps://…; with MAIL_FROM, turns email on (docs/email.md). */
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  /** The From of every email, e.g. "Leadlink <leads@example.com>". */
  MAIL_FROM: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined),
  /** The Telegram Bot API's base (DESIGN.md section 14); the tests point it at a local fake. Never from a user. */
  TELEGRAM_API_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal("").transform(() => undefined))
    .transform((value) => (value ?? "https://api.telegram.org").replace(/\/+$/, "")),
  /** WhatsApp Cloud API: with WHATSAPP_PHONE_NUMBER_ID, turns the WhatsApp channel on (docs/configuration.md). */
  WHATSAPP_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined),
  /** The sending number's id in the WhatsApp Business account. */
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined),
  /** The Graph API's base; the tests point it at a local fake. */
  WHATSAPP_API_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal("").transform(() => undefined))
    .transform((value) => (value ?? "https://graph.facebook.com/v21.0").replace(/\/+$/, "")),
  /** The approved message template sent per new lead (its body takes the lead's name, phone and link). */
  WHATSAPP_TEMPLATE: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || "new_lead"),
  /**
   * The Graph API's base for Meta Lead Ads (DESIGN.md section 15): leads are fetched from `<base>/v21.0/<leadgen_id>`.
   * The tests point it at a local fake. Never from a user.
   */
  META_GRAPH_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal("").transform(() => undefined))
    .transform((value) => (value ?? "https://graph.facebook.com").replace(/\/+$/, "")),
  /**
   * The approved templates for an assignment and for a missed response target (DESIGN.md section 16), with the
   * same three parameters (the lead's name, phone and link); unset: WHATSAPP_TEMPLATE's.
   */
  WHATSAPP_ASSIGNED_TEMPLATE: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined),
  WHATSAPP_OVERDUE_TEMPLATE: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined),
  /** Replaces every captcha provider's verify endpoint (DESIGN.md section 11): a local fake verifier, in tests. */
  CAPTCHA_VERIFY_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** How long a captcha provider may take to answer before it counts as down. */
  CAPTCHA_VERIFY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Serves /api/bench/noop, the framework's ceiling for `npm run bench`. Off in production. */
  LEADLINK_BENCH: flag,
});

export type Env = z.infer<typeof EnvSchema> & { dataDir: string };

let cached: Env | undefined;

/** The validated environment. The only place that reads process.env. */
export function env(): Env {
  if (cached) return cached;
  const parsed = EnvSchema.superRefine((value, context) => {
    if (value.DATABASE_POOLER === "transaction" && value.DATABASE_URL && !value.DATABASE_DIRECT_URL) {
      context.addIssue({
        code: "custom",
        path: ["DATABASE_DIRECT_URL"],
        message:
          "DATABASE_POOLER=transaction needs DATABASE_DIRECT_URL, PostgreSQL's own address, for migrations, backups and the seed (they need a session, which a transaction pooler does not keep)",
      });
    }
  }).safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Invalid environment:\n${problems}`);
  }
  cached = { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
  return cached;
}

/**
 * The WhatsApp Cloud API settings (DESIGN.md section 14), or undefined: without a token and a sending number,
 * the channel is off, no message is queued, and the notifications page says so.
 */
export function whatsappSettings():
  | { token: string; phoneNumberId: string; apiUrl: string; template: string; assignedTemplate: string; overdueTemplate: string }
  | undefined {
  const { WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_API_URL, WHATSAPP_TEMPLATE } = env();
  if (!WHATSAPP_TOKEN || !WHATSAPP_PHONE_NUMBER_ID) return undefined;
  return {
    token: WHATSAPP_TOKEN,
    phoneNumberId: WHATSAPP_PHONE_NUMBER_ID,
    apiUrl: WHATSAPP_API_URL,
    template: WHATSAPP_TEMPLATE,
    assignedTemplate: env().WHATSAPP_ASSIGNED_TEMPLATE ?? WHATSAPP_TEMPLATE,
    overdueTemplate: env().WHATSAPP_OVERDUE_TEMPLATE ?? WHATSAPP_TEMPLATE,
  };
}

/** Forget the parsed environment (tests and the CLI change process.env before use). */
export function resetEnv(): void {
  cached = undefined;
}

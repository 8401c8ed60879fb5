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
  /** Connections each app instance keeps to PostgreSQL. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(16),
  DATA_DIR: z.string().trim().default("./data"),
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
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Invalid environment:\n${problems}`);
  }
  cached = { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
  return cached;
}

/** Forget the parsed environment (tests and the CLI change process.env before use). */
export function resetEnv(): void {
  cached = undefined;
}

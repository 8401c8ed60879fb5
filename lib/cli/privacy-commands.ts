import type { Command } from "commander";
import { createTranslator } from "use-intl/core";
import { type AuditTranslate, describeAuditEntry } from "@/lib/audit/describe-audit";
import { type AuditEntryJson, listAuditEntries } from "@/lib/audit/list-audit";
import { CLI_ACTOR } from "@/lib/audit/record";
import { getDatabase } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { messagesFor } from "@/lib/i18n/messages";
import { eraseLead } from "@/lib/privacy/erase-lead";
import { collectPersonalData, type PersonLookup } from "@/lib/privacy/personal-data";
import { personalDataStatement } from "@/lib/privacy/personal-data-statement";
import { purgeExpiredData } from "@/lib/privacy/retention";
import { getRetentionSettings, updateRetentionSettings } from "@/lib/privacy/retention-settings";
import { findWorkspace } from "@/lib/workspaces/find-workspace";
import { action, type CliContext, leafCommand } from "./cli-command";

function lookupOf(options: { email?: string; telephone?: string; document?: string }): PersonLookup {
  const given = (["email", "telephone", "document"] as const).filter((key) => options[key] !== undefined);
  if (given.length !== 1) {
    throw new AppError("validation_failed", "Give exactly one of --email, --telephone or --document.", {
      errors: [{ field: "lookup", code: "one_required", message: "exactly one of --email, --telephone or --document" }],
    });
  }
  const key = given[0]!;
  return { [key]: options[key]! } as PersonLookup;
}

// The command line speaks English (docs/i18n.md); the audit page words entries with the same catalogue.
const auditWords = createTranslator({ locale: "en", messages: messagesFor("en"), namespace: "privacy.audit" });

/** An entry on one line, then what changed, indented: `at  who  ip  Changed a capture link “Landing”`. */
function auditLine(entry: AuditEntryJson): string {
  const { action, name, lines } = describeAuditEntry(auditWords as unknown as AuditTranslate, entry);
  const who =
    entry.actor.kind === "api_key"
      ? `api key ${entry.actor.keyName ?? entry.actor.keyId}`
      : (entry.actor.email ?? entry.actor.kind);
  const what = name ? `${action} “${name}”` : [action, entry.target?.id].filter(Boolean).join(" ");
  return [[entry.at, who, entry.ip ?? "-", what].join("  "), ...lines.map((line) => `    ${line}`)].join("\n");
}

/** DESIGN.md section 9: `lead erase`, `lead personal-data`, `audit list`, and the retention settings. */
export function registerPrivacyCommands(program: Command, context: CliContext): void {
  const lead = program.commands.find((command) => command.name() === "lead") ?? program.command("lead");

  leafCommand(lead, "erase", "erase a lead's personal data everywhere it is stored (LGPD); counts stay")
    .requiredOption("--workspace <slug>", "the workspace")
    .requiredOption("--id <id>", "the lead's id")
    .addHelpText("after", '\nJSON: {"leadId", "erased", "erasedAt"}')
    .action(
      action(context, async (options: { workspace: string; id: string }) => {
        const workspace = await findWorkspace(options.workspace);
        const erased = await eraseLead({ workspaceId: workspace.id, leadId: options.id, actor: CLI_ACTOR });
        return {
          json: { leadId: erased.leadId, erased: true, erasedAt: erased.erasedAt },
          text: erased.erased
            ? `Erased lead ${erased.leadId}: its personal data is gone; its submissions still count.`
            : `Lead ${erased.leadId} was already erased (${erased.erasedAt}).`,
        };
      }),
    );

  leafCommand(lead, "personal-data", "everything held about a person, as one JSON document (LGPD access request)")
    .requiredOption("--workspace <slug>", "the workspace")
    .option("--email <email>", "the person's email")
    .option("--telephone <phone>", "the person's telephone (any format ingest accepts)")
    .option("--document <document>", "the person's CPF or CNPJ")
    .option("--format <format>", "json, or html: a printable statement in the workspace's language (LGPD art. 19)", "json")
    .addHelpText(
      "after",
      '\nJSON: {"generatedAt", "workspace", "leads", "submissions", "consentRecords", "deliveries"};\n' +
        'with --format html: {"language", "html"} (without --json, the HTML itself)',
    )
    .action(
      action(
        context,
        async (options: { workspace: string; email?: string; telephone?: string; document?: string; format: string }) => {
          const format = options.format.trim().toLowerCase();
          if (format !== "json" && format !== "html") {
            throw new AppError("validation_failed", "--format must be json or html.", {
              errors: [{ field: "format", code: "invalid_value", message: "must be json or html" }],
            });
          }
          const workspace = await findWorkspace(options.workspace);
          const query = { workspaceId: workspace.id, lookup: lookupOf(options), actor: CLI_ACTOR };
          if (format === "html") {
            const { html, language } = await personalDataStatement(query);
            return { json: { language, html }, text: html };
          }
          const document = await collectPersonalData(query);
          // The document is what the person receives: printed whole in both forms.
          return { json: document, text: JSON.stringify(document, null, 2) };
        },
      ),
    );

  const audit = program.command("audit").description("the workspace's audit log");
  leafCommand(audit, "list", "who did what, when and from where, newest first")
    .requiredOption("--workspace <slug>", "the workspace")
    .option("--limit <n>", "how many entries, 1 to 1000 (default: 100)")
    .option("--before <time>", "entries before this time (ISO 8601), to page back")
    .addHelpText(
      "after",
      '\nJSON: [{"id", "at", "action", "actor": {"kind", "userId", "email", "keyId", "keyName"}, "ip", "target", "details"}]',
    )
    .action(
      action(context, async (options: { workspace: string; limit?: string; before?: string }) => {
        const workspace = await findWorkspace(options.workspace);
        const limit = options.limit === undefined ? undefined : Number(options.limit);
        if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 1000)) {
          throw new AppError("validation_failed", "--limit must be a whole number from 1 to 1000.", {
            errors: [{ field: "limit", code: "invalid_number", message: "must be a whole number from 1 to 1000" }],
          });
        }
        const entries = await listAuditEntries(workspace.id, { limit, before: options.before });
        const text = entries.map(auditLine).join("\n");
        return { json: entries, text: text || "No audit entries." };
      }),
    );

  const privacy = program.command("privacy").description("retention of personal data (LGPD)");
  leafCommand(privacy, "retention", "show or change a workspace's retention windows (days)")
    .requiredOption("--workspace <slug>", "the workspace")
    .option("--rejected-payload-days <n>", "keep rejected requests' payloads this long (default 30)")
    .option("--request-meta-days <n>", "keep submissions' IPs and user agents this long (default 180)")
    .option("--webhook-attempt-days <n>", "keep webhook attempt logs this long (default 30)")
    .addHelpText("after", '\nJSON: {"rejectedPayloadDays", "requestMetaDays", "webhookAttemptDays"}')
    .action(
      action(
        context,
        async (options: {
          workspace: string;
          rejectedPayloadDays?: string;
          requestMetaDays?: string;
          webhookAttemptDays?: string;
        }) => {
          const workspace = await findWorkspace(options.workspace);
          const current = await getRetentionSettings(workspace.id);
          const changes = {
            rejectedPayloadDays: options.rejectedPayloadDays ?? current.rejectedPayloadDays,
            requestMetaDays: options.requestMetaDays ?? current.requestMetaDays,
            webhookAttemptDays: options.webhookAttemptDays ?? current.webhookAttemptDays,
          };
          const changed = [options.rejectedPayloadDays, options.requestMetaDays, options.webhookAttemptDays].some(
            (value) => value !== undefined,
          );
          const settings = changed ? await updateRetentionSettings(workspace.id, changes, CLI_ACTOR) : current;
          return {
            json: settings,
            text: `Rejected payloads: ${settings.rejectedPayloadDays} days\nIPs and user agents: ${settings.requestMetaDays} days\nWebhook attempt logs: ${settings.webhookAttemptDays} days`,
          };
        },
      ),
    );

  leafCommand(privacy, "purge", "apply every workspace's retention windows now (the server does it hourly)")
    .addHelpText(
      "after",
      '\nJSON: {"rejectedPayloads", "requestMeta", "webhookAttempts", "idempotencyKeys", "emailMessages", "batches"}',
    )
    .action(
      action(context, async () => {
        const result = await purgeExpiredData(await getDatabase(), { keepSubmissionMonths: env().SUBMISSIONS_KEEP_MONTHS });
        return {
          json: result,
          text: `Purged ${result.rejectedPayloads} rejected payloads, ${result.requestMeta} IPs and user agents, ${result.webhookAttempts} webhook attempts, ${result.idempotencyKeys} idempotency keys, ${result.emailMessages} emails.`,
        };
      }),
    );
}

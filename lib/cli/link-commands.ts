import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { CLI_ACTOR } from "@/lib/audit/record";
import { withPresetExpression } from "@/lib/capture/sources/source-settings-input";
import { AppError } from "@/lib/errors";
import type { CaptureLinkSummary } from "@/lib/links/capture-link";
import { createLink } from "@/lib/links/create-link";
import type { LinkInput } from "@/lib/links/link-input";
import { revokeLink } from "@/lib/links/revoke-link";
import { findWorkspace } from "@/lib/workspaces/find-workspace";
import { action, type CliContext, collect, leafCommand } from "./cli-command";
import { registerLinkFormCommands } from "./link-form-commands";

interface CreateOptions {
  workspace: string;
  name: string;
  allowedOrigin?: string[];
  requireIdentity?: boolean;
  requireConsent?: boolean;
  acceptForms?: boolean;
  successUrl?: string;
  errorUrl?: string;
  captcha?: string;
  captchaSecret?: string;
  captchaSiteKey?: string;
  captchaMinScore?: string;
  captchaAcceptOnOutage?: boolean;
  source?: string;
  preset?: string;
  mappingFile?: string;
  metaAppSecret?: string;
  metaPageToken?: string;
  metaVerifyToken?: string;
  signingSecret?: string;
}

/** The source's settings from the flags (DESIGN.md section 15); createLink checks them and names what is missing. */
function sourceSettingsOf(options: CreateOptions): unknown {
  switch (options.source) {
    case undefined:
    case "json":
      return undefined;
    case "google_ads":
    case "rd_station":
      return {};
    case "meta_lead_ads":
      return {
        appSecret: options.metaAppSecret ?? "",
        pageAccessToken: options.metaPageToken ?? "",
        verifyToken: options.metaVerifyToken ?? "",
      };
    case "mapping":
      return {
        preset: options.preset ?? null,
        expression: options.mappingFile === undefined ? "" : readMappingFile(options.mappingFile),
        signingSecret: options.signingSecret ?? null,
      };
    default:
      return {};
  }
}

function readMappingFile(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw new AppError("validation_failed", `Cannot read the mapping file ${file}: ${(error as Error).message}`, {
      errors: [{ field: "--mapping-file", code: "unreadable", message: (error as Error).message }],
    });
  }
}

/** The source in the JSON output, and Google Ads' key to paste into Google Ads. */
function sourceJson(link: CaptureLinkSummary): Record<string, unknown> {
  const key = link.source === "google_ads" ? link.sourceSettings?.key : undefined;
  return { source: link.source, ...(typeof key === "string" ? { key } : {}) };
}

function describeSource(link: CaptureLinkSummary): string {
  if (link.source === "json") return "";
  const key = link.sourceSettings?.key;
  const google =
    link.source === "google_ads" && typeof key === "string"
      ? `\nIn Google Ads (lead form, "Webhook integration"), paste the URL above as the webhook URL and this key: ${key}`
      : "";
  return `\nSource: ${link.source}.${google}`;
}

/** The HTML form and captcha settings (DESIGN.md section 11) in the JSON output, when the command set them. */
function formSettingsJson(link: CaptureLinkSummary, options: CreateOptions): Record<string, unknown> {
  return {
    ...(options.acceptForms ? { acceptForms: link.acceptForms, successUrl: link.successUrl, errorUrl: link.errorUrl } : {}),
    ...(link.captchaProvider
      ? {
          captcha: {
            provider: link.captchaProvider,
            siteKey: link.captchaSiteKey,
            minScore: link.captchaMinScore,
            acceptOnOutage: link.captchaAcceptOnOutage,
          },
        }
      : {}),
  };
}

function describeForms(link: CaptureLinkSummary): string {
  const lines: string[] = [];
  if (link.acceptForms) {
    lines.push(
      `Accepts HTML form posts; then redirects to ${link.successUrl ?? "the built-in thank-you page"} (errors: ${link.errorUrl ?? "the built-in error page"}).`,
    );
  }
  if (link.captchaProvider) lines.push(`Requires a ${link.captchaProvider} captcha.`);
  return lines.map((line) => `\n${line}`).join("");
}

function describeOrigins(link: CaptureLinkSummary): string {
  return link.allowedOrigins.length > 0 ? `Allowed origins: ${link.allowedOrigins.join(", ")}.` : "Any origin may post.";
}

export function registerLinkCommands(program: Command, context: CliContext): void {
  const link = program.command("link").description("capture links, the URLs senders post leads to");

  leafCommand(link, "create", "create a capture link")
    .requiredOption("--workspace <slug>", "the workspace")
    .requiredOption("--name <name>", "what the link is for, e.g. the landing page")
    .option(
      "--allowed-origin <origin>",
      "accept browser requests only from this origin (repeatable; * wildcard: https://*.example.com)",
      collect,
    )
    .option(
      "--require-identity",
      "refuse (422) a request with none of name, email or telephone instead of creating an unnamed lead",
    )
    .option("--require-consent", 'refuse (422) a request without "consent": {"granted": true}')
    .option("--accept-forms", "also accept HTML form posts (urlencoded, multipart) and answer browsers with a redirect")
    .option("--success-url <url>", "with --accept-forms: where browsers go after an accepted post (default: a built-in page)")
    .option("--error-url <url>", "with --accept-forms: where browsers go after a refused post, with ?error=&fields=")
    .option("--captcha <provider>", "require a captcha: turnstile, hcaptcha or recaptcha (v3)")
    .option("--captcha-secret <secret>", "the captcha provider's secret key (required with --captcha)")
    .option(
      "--captcha-site-key <key>",
      "the captcha provider's public site key, for the hosted form's widget (required with --captcha)",
    )
    .option("--captcha-min-score <score>", "reCAPTCHA v3: the lowest score accepted, 0 to 1 (default 0.5)")
    .option("--captcha-accept-on-outage", "accept (and mark) leads when the captcha provider is down, instead of 503")
    .option(
      "--source <source>",
      "where the leads come from: json (default), google_ads, meta_lead_ads, rd_station or mapping (docs/sources.md)",
    )
    .option("--preset <name>", "with --source mapping: elementor, typeform, tally or jotform")
    .option("--mapping-file <file>", "with --source mapping: a file holding the JSONata expression (instead of --preset's)")
    .option("--meta-app-secret <secret>", "with --source meta_lead_ads: the Meta app's secret (checks X-Hub-Signature-256)")
    .option("--meta-page-token <token>", "with --source meta_lead_ads: the page access token (fetches each lead)")
    .option("--meta-verify-token <token>", "with --source meta_lead_ads: the verify token typed into the app's webhook")
    .option("--signing-secret <secret>", "with --source mapping: Typeform's or Tally's signing secret")
    .addHelpText(
      "after",
      '\nJSON: {"id", "token", "url", "name", "source"}, plus "key" (to paste into Google Ads) with --source google_ads, plus "acceptForms", "successUrl", "errorUrl" with --accept-forms\nand "captcha": {"provider", "siteKey", "minScore", "acceptOnOutage"} with --captcha',
    )
    .action(
      action(context, async (options: CreateOptions) => {
        const workspace = await findWorkspace(options.workspace);
        const created = await createLink(
          workspace.id,
          withPresetExpression({
            name: options.name,
            allowedOrigins: options.allowedOrigin ?? [],
            requireIdentity: options.requireIdentity === true,
            requireConsent: options.requireConsent === true,
            acceptForms: options.acceptForms === true,
            successUrl: options.successUrl ?? null,
            errorUrl: options.errorUrl ?? null,
            captchaProvider: options.captcha ?? null,
            captchaSecret: options.captchaSecret ?? null,
            captchaSiteKey: options.captchaSiteKey ?? null,
            captchaMinScore: options.captchaMinScore === undefined ? null : Number(options.captchaMinScore),
            captchaAcceptOnOutage: options.captchaAcceptOnOutage === true,
            source: (options.source ?? "json") as LinkInput["source"],
            sourceSettings: sourceSettingsOf(options),
          }),
          CLI_ACTOR,
        );
        const identity =
          (created.requireIdentity ? "\nRequests must include a name, an email or a telephone." : "") +
          (created.requireConsent ? '\nRequests must include "consent": {"granted": true}.' : "");
        return {
          json: {
            id: created.id,
            token: created.token,
            url: created.url,
            name: created.name,
            ...sourceJson(created),
            ...formSettingsJson(created, options),
          },
          text: `Created capture link "${created.name}" (id ${created.id}).\nPOST leads to: ${created.url}\n${describeOrigins(created)}${identity}${describeForms(created)}${describeSource(created)}`,
        };
      }),
    );

  leafCommand(link, "revoke", "revoke a capture link: it answers 410 Gone from now on")
    .requiredOption("--workspace <slug>", "the workspace the link belongs to")
    .requiredOption("--id <id>", "the link's id or its token")
    .addHelpText("after", '\nJSON: {"id", "token", "url", "name", "status": "revoked"}')
    .action(
      action(context, async (options: { workspace: string; id: string }) => {
        const workspace = await findWorkspace(options.workspace);
        const revoked = await revokeLink(workspace.id, options.id, CLI_ACTOR);
        return {
          json: { id: revoked.id, token: revoked.token, url: revoked.url, name: revoked.name, status: revoked.status },
          text: `Revoked capture link "${revoked.name}" (id ${revoked.id}) at ${revoked.revokedAt?.toISOString()}: ${revoked.url} now answers 410 Gone.`,
        };
      }),
    );

  registerLinkFormCommands(link, context);
}

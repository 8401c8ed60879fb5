import type { Command } from "commander";
import { CLI_ACTOR } from "@/lib/audit/record";
import type { CaptureLinkSummary } from "@/lib/links/capture-link";
import { createLink } from "@/lib/links/create-link";
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
    .addHelpText(
      "after",
      '\nJSON: {"id", "token", "url", "name"}, plus "acceptForms", "successUrl", "errorUrl" with --accept-forms\nand "captcha": {"provider", "siteKey", "minScore", "acceptOnOutage"} with --captcha',
    )
    .action(
      action(context, async (options: CreateOptions) => {
        const workspace = await findWorkspace(options.workspace);
        const created = await createLink(
          workspace.id,
          {
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
          },
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
            ...formSettingsJson(created, options),
          },
          text: `Created capture link "${created.name}" (id ${created.id}).\nPOST leads to: ${created.url}\n${describeOrigins(created)}${identity}${describeForms(created)}`,
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

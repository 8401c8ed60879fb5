import type { Command } from "commander";
import { CLI_ACTOR } from "@/lib/audit/record";
import { AppError } from "@/lib/errors";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { type EndpointKind, parseHeaderLine, type WebhookEvent } from "@/lib/webhooks/endpoint-input";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { listEndpoints } from "@/lib/webhooks/list-endpoints";
import { resendFailedSince } from "@/lib/webhooks/resend-failed-since";
import { resendMessage } from "@/lib/webhooks/resend-message";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";
import { findWorkspace } from "@/lib/workspaces/find-workspace";
import { action, type CliContext, collect, leafCommand } from "./cli-command";

function parseLimit(text: string): number {
  const limit = Number(text);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100_000) {
    throw new AppError("validation_failed", "--limit must be a whole number from 1 to 100000.", {
      errors: [{ field: "limit", code: "invalid", message: "expected a whole number from 1 to 100000" }],
    });
  }
  return limit;
}

/** Repeated options, each possibly a comma-separated list (`--event lead.created,lead.updated`). */
function splitList(values: string[] | undefined): string[] | undefined {
  return values
    ?.flatMap((value) => value.split(","))
    .map((value) => value.trim())
    .filter((value) => value !== "");
}

export function registerWebhookCommands(program: Command, context: CliContext): void {
  const webhook = program.command("webhook").description("webhook endpoints: where a workspace's leads are sent");

  leafCommand(webhook, "create", "create a webhook endpoint (its secret is printed once)")
    .requiredOption("--workspace <slug>", "the workspace")
    .option("--url <url>", "where to POST events (http:// or https://); not for --kind telegram")
    .option(
      "--event <event>",
      "lead.created, lead.updated, submission.rejected or lead.erased (repeatable; default the first two)",
      collect,
    )
    .option("--link <id>", "only events of this capture link (repeatable; default every link)", collect)
    .option("--header <header>", 'a header sent with every request, "Name: value" (repeatable, at most 10)', collect)
    .option("--description <text>", "what the endpoint is for")
    .option("--slack", "post a readable message to a Slack incoming-webhook URL instead of JSON (same as --kind slack)")
    .option("--kind <kind>", "webhook (default), slack or telegram")
    .option("--bot-token <token>", "--kind telegram: the bot's token from @BotFather (stored as a secret)")
    .option("--chat-id <id>", "--kind telegram: the chat to post to (numeric id, or a public channel's @username)")
    .addHelpText("after", '\nJSON: {"id", "url", "events", "secret"}')
    .action(
      action(
        context,
        async (options: {
          workspace: string;
          url?: string;
          botToken?: string;
          chatId?: string;
          event?: string[];
          link?: string[];
          header?: string[];
          description?: string;
          slack?: boolean;
          kind?: string;
        }) => {
          const workspace = await findWorkspace(options.workspace);
          const created = await createEndpoint(
            workspace.id,
            {
              kind: (options.slack ? "slack" : (options.kind ?? "webhook")) as EndpointKind,
              url: options.url,
              botToken: options.botToken,
              chatId: options.chatId,
              events: splitList(options.event) as WebhookEvent[] | undefined,
              linkIds: splitList(options.link),
              headers: options.header?.map(parseHeaderLine),
              description: options.description,
            },
            CLI_ACTOR,
          );
          return {
            json: { id: created.id, url: created.url, events: created.events, secret: created.secret },
            text: `Created webhook endpoint ${created.id} for ${created.url || `Telegram chat ${created.chatId}`} (${created.events.join(", ")}).\nSigning secret (shown once): ${created.secret}`,
          };
        },
      ),
    );

  leafCommand(webhook, "list", "list the workspace's webhook endpoints")
    .requiredOption("--workspace <slug>", "the workspace")
    .addHelpText("after", '\nJSON: [{"id", "url", "events", "enabled"}, …]')
    .action(
      action(context, async (options: { workspace: string }) => {
        const workspace = await findWorkspace(options.workspace);
        const endpoints = await listEndpoints(workspace.id);
        return {
          json: endpoints.map((endpoint) => ({
            id: endpoint.id,
            url: endpoint.url,
            events: endpoint.events,
            enabled: endpoint.enabled,
          })),
          text:
            endpoints.length === 0
              ? "No webhook endpoints."
              : endpoints
                  .map(
                    (endpoint) =>
                      `${endpoint.id}  ${endpoint.enabled ? "enabled " : "disabled"}  ${endpoint.url || `telegram:${endpoint.chatId}`}  ${endpoint.events.join(",")}`,
                  )
                  .join("\n"),
        };
      }),
    );

  leafCommand(webhook, "deliveries", "an endpoint's messages and their attempts, newest first")
    .requiredOption("--workspace <slug>", "the workspace")
    .requiredOption("--id <id>", "the endpoint's id")
    .option("--limit <n>", "at most this many messages, newest first", "1000")
    .addHelpText("after", '\nJSON: [{"messageId", "type", "state", "attempts": [{"at", "status", "durationMs", "error"}, …]}, …]')
    .action(
      action(context, async (options: { workspace: string; id: string; limit: string }) => {
        const workspace = await findWorkspace(options.workspace);
        const deliveries = await listDeliveries(workspace.id, options.id, parseLimit(options.limit));
        return {
          json: deliveries,
          text:
            deliveries.length === 0
              ? "No messages yet."
              : deliveries
                  .map((delivery) => {
                    const last = delivery.attempts.at(-1);
                    const tail = last ? `, last attempt ${last.at}: ${last.status ?? last.error}` : "";
                    return `${delivery.messageId}  ${delivery.type}  ${delivery.state}  ${delivery.attempts.length} attempt(s)${tail}`;
                  })
                  .join("\n"),
        };
      }),
    );

  leafCommand(webhook, "test", 'send a sample lead.created with "test": true through the queue')
    .requiredOption("--workspace <slug>", "the workspace")
    .requiredOption("--id <id>", "the endpoint's id")
    .addHelpText("after", '\nJSON: {"messageId"}')
    .action(
      action(context, async (options: { workspace: string; id: string }) => {
        const workspace = await findWorkspace(options.workspace);
        const sent = await sendTestEvent(workspace.id, options.id);
        return { json: sent, text: `Test event ${sent.messageId} queued.` };
      }),
    );

  leafCommand(webhook, "resend", "send a message again now (same webhook-id), or every failed one since a time")
    .requiredOption("--workspace <slug>", "the workspace")
    .requiredOption("--id <id>", "the endpoint's id")
    .option("--message <id>", "the message's webhook-id (msg_…)")
    .option("--failed-since <time>", "every failed message created since this ISO 8601 time")
    .addHelpText("after", '\nJSON: {"messageId"} with --message; {"resent"} with --failed-since')
    .action(
      action(context, async (options: { workspace: string; id: string; message?: string; failedSince?: string }) => {
        if (Boolean(options.message) === Boolean(options.failedSince)) {
          throw new AppError("validation_failed", "Give either --message or --failed-since.", {
            errors: [{ field: "message", code: "required", message: "give either --message or --failed-since" }],
          });
        }
        const workspace = await findWorkspace(options.workspace);
        if (options.message) {
          const resent = await resendMessage(workspace.id, options.id, options.message);
          return { json: resent, text: `${resent.messageId} will be sent again now.` };
        }
        const result = await resendFailedSince(workspace.id, options.id, { since: options.failedSince ?? "" });
        return { json: result, text: `${result.resent} failed message(s) will be sent again now.` };
      }),
    );
}

import type { Messages } from "@/lib/i18n/messages";

/**
 * The parts of the catalogue that client components translate with (`useTranslations` in "use client" files
 * and in what they import): what app/layout.tsx hands NextIntlClientProvider. The whole catalogue went into
 * every page's HTML (about 50 KB of flight data, serialised per request); server components translate with
 * the full catalogue on the server and send only the text. tests/unit/i18n-client-messages.test.ts fails when
 * a client component uses a namespace missing here.
 */
export const CLIENT_NAMESPACES = [
  "account.language",
  "account.password",
  "account.timeZone",
  "apiKeys",
  "assignment",
  "auth.setup",
  "auth.signin",
  "common",
  "dashboard",
  "email.auth",
  "email.invite",
  "email.notifications",
  "errors",
  "fields.form",
  "fields.row",
  "fields.types",
  "forms.settings",
  "forms.spam",
  "lead",
  "leads.table",
  "links.detail.snippets",
  "links.form",
  "links.formTab",
  "links.refused",
  "members.add",
  "members.reset",
  "members.roleForm",
  "nav",
  "privacy.retention",
  "roles",
  "sourceMapping",
  "sources",
  "webhooks",
  "workflow",
  "workspaces.form",
  "workspaceSettings",
] as const;

type Tree = { [key: string]: string | Tree };

/** `messages` narrowed to `namespaces` (dotted paths), keeping their place in the tree. */
export function pickMessages(messages: Tree, namespaces: readonly string[]): Tree {
  const picked: Tree = {};
  for (const namespace of namespaces) {
    const path = namespace.split(".");
    let from: string | Tree | undefined = messages;
    let into = picked;
    for (const [index, key] of path.entries()) {
      from = typeof from === "object" ? from[key] : undefined;
      if (from === undefined) break;
      if (index === path.length - 1) into[key] = from;
      else {
        into[key] ??= {};
        into = into[key] as Tree;
      }
    }
  }
  return picked;
}

const picked = new WeakMap<object, Tree>();

/** The client's part of a locale's catalogue (made once per catalogue). */
export function clientMessages(messages: Messages): Tree {
  let client = picked.get(messages);
  if (!client) {
    client = pickMessages(messages as unknown as Tree, CLIENT_NAMESPACES);
    picked.set(messages, client);
  }
  return client;
}

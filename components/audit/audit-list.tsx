import Link from "next/link";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { LocalTime } from "@/components/ui/local-time";
import type { AuditEntryJson } from "@/lib/audit/list-audit";
import type { AuditAction } from "@/lib/audit/record";

/** Each action's catalogue key under privacy.audit. */
const ACTION_KEYS = {
  "auth.sign_in": "signIn",
  "member.added": "memberAdded",
  "member.role_changed": "memberRoleChanged",
  "member.removed": "memberRemoved",
  "member.password_reset": "memberPasswordReset",
  "link.created": "linkCreated",
  "link.updated": "linkUpdated",
  "link.revoked": "linkRevoked",
  "field.created": "fieldCreated",
  "field.updated": "fieldUpdated",
  "field.archived": "fieldArchived",
  "webhook.created": "webhookCreated",
  "webhook.updated": "webhookUpdated",
  "webhook.deleted": "webhookDeleted",
  "webhook.secret_rotated": "webhookSecretRotated",
  "api_key.created": "apiKeyCreated",
  "api_key.revoked": "apiKeyRevoked",
  "leads.exported": "leadsExported",
  "lead.personal_data_downloaded": "personalDataDownloaded",
  "lead.erased": "leadErased",
  "privacy.retention_changed": "retentionChanged",
} as const satisfies Record<AuditAction, string>;

type Translate = ReturnType<typeof useTranslations<"privacy.audit">>;

function actionLabel(t: Translate, action: string): string {
  const key = (ACTION_KEYS as Record<string, (typeof ACTION_KEYS)[AuditAction]>)[action];
  return key ? t(key) : action;
}

function actorLabel(t: Translate, entry: AuditEntryJson): string {
  if (entry.actor.kind === "cli") return t("cli");
  if (entry.actor.kind === "api_key") return t("apiKey", { id: entry.actor.keyId ?? "" });
  return entry.actor.email ?? t("deletedUser");
}

function Target({ entry, workspaceSlug }: { entry: AuditEntryJson; workspaceSlug: string }) {
  if (!entry.target) return null;
  const base = `/w/${workspaceSlug}`;
  const href =
    entry.target.type === "lead"
      ? `${base}/leads/${entry.target.id}`
      : entry.target.type === "capture_link"
        ? `${base}/links/${entry.target.id}`
        : undefined;
  const id = <span className="font-mono text-xs break-all">{entry.target.id}</span>;
  return href ? (
    <Link href={href} className="text-indigo-700 hover:underline">
      {id}
    </Link>
  ) : (
    id
  );
}

/** The audit log as a list: at 390 px each entry wraps onto lines of its own instead of a wide table. */
export function AuditList({ entries, workspaceSlug }: { entries: AuditEntryJson[]; workspaceSlug: string }) {
  const t = useTranslations("privacy.audit");
  if (entries.length === 0) {
    return (
      <p className="rounded-lg bg-white px-5 py-10 text-center text-sm text-slate-500 shadow-sm ring-1 ring-slate-200">
        {t("empty")}
      </p>
    );
  }
  return (
    <ol className="divide-y divide-slate-100 rounded-lg bg-white shadow-sm ring-1 ring-slate-200" data-testid="audit-entries">
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-col gap-1 px-4 py-3 text-sm sm:flex-row sm:items-baseline sm:gap-4 sm:px-5">
          <span className="shrink-0 text-slate-500 sm:w-44">
            <LocalTime value={entry.at} />
          </span>
          <span className="min-w-0 flex-1">
            <span className="font-medium text-slate-900" data-action={entry.action}>
              {actionLabel(t, entry.action)}
            </span>{" "}
            <Target entry={entry} workspaceSlug={workspaceSlug} />
            <span className="block text-xs text-slate-500 break-all">
              {actorLabel(t, entry)}
              {entry.ip ? ` · ${entry.ip}` : ""}
            </span>
          </span>
          <span className="shrink-0">
            <Badge>{entry.action}</Badge>
          </span>
        </li>
      ))}
    </ol>
  );
}

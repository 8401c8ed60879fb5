import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { LocalTime } from "@/components/ui/local-time";
import type { AuditEntryJson } from "@/lib/audit/list-audit";

const ACTION_LABELS: Record<string, string> = {
  "auth.sign_in": "Signed in",
  "member.added": "Added a member",
  "member.role_changed": "Changed a member's role",
  "member.removed": "Removed a member",
  "member.password_reset": "Reset a member's password",
  "link.created": "Created a capture link",
  "link.updated": "Changed a capture link",
  "link.revoked": "Revoked a capture link",
  "field.created": "Created a custom field",
  "field.updated": "Changed a custom field",
  "field.archived": "Archived a custom field",
  "webhook.created": "Created a webhook endpoint",
  "webhook.updated": "Changed a webhook endpoint",
  "webhook.deleted": "Deleted a webhook endpoint",
  "webhook.secret_rotated": "Rotated a webhook secret",
  "api_key.created": "Created an API key",
  "api_key.revoked": "Revoked an API key",
  "leads.exported": "Exported leads (CSV)",
  "lead.personal_data_downloaded": "Downloaded personal data",
  "lead.erased": "Erased a lead",
  "privacy.retention_changed": "Changed retention settings",
};

function actorLabel(entry: AuditEntryJson): string {
  if (entry.actor.kind === "cli") return "Command line";
  if (entry.actor.kind === "api_key") return `API key ${entry.actor.keyId ?? ""}`.trim();
  return entry.actor.email ?? "A deleted user";
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
  if (entries.length === 0) {
    return (
      <p className="rounded-lg bg-white px-5 py-10 text-center text-sm text-slate-500 shadow-sm ring-1 ring-slate-200">
        Nothing recorded yet.
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
              {ACTION_LABELS[entry.action] ?? entry.action}
            </span>{" "}
            <Target entry={entry} workspaceSlug={workspaceSlug} />
            <span className="block text-xs text-slate-500 break-all">
              {actorLabel(entry)}
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

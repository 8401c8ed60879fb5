import Link from "next/link";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { LocalTime } from "@/components/ui/local-time";
import { type AuditTranslate, describeAuditEntry } from "@/lib/audit/describe-audit";
import type { AuditEntryJson } from "@/lib/audit/list-audit";

type Translate = ReturnType<typeof useTranslations<"privacy.audit">>;

function actorLabel(t: Translate, entry: AuditEntryJson): string {
  if (entry.actor.kind === "cli") return t("cli");
  if (entry.actor.kind === "api_key") return t("apiKey", { name: entry.actor.keyName ?? entry.actor.keyId ?? "" });
  return entry.actor.email ?? t("deletedUser");
}

/** What the entry is about: by name when it has one (a lead by id, never by its data), a link to it where there is a page. */
function Target({ entry, name, workspaceSlug }: { entry: AuditEntryJson; name: string | null; workspaceSlug: string }) {
  if (!entry.target && !name) return null;
  const base = `/w/${workspaceSlug}`;
  const href =
    entry.target?.type === "lead"
      ? `${base}/leads/${entry.target.id}`
      : entry.target?.type === "capture_link"
        ? `${base}/links/${entry.target.id}`
        : entry.target?.type === "custom_field"
          ? `${base}/fields`
          : undefined;
  const label = name ? (
    <span className="break-all">“{name}”</span>
  ) : (
    <span className="font-mono text-xs break-all">{entry.target?.id}</span>
  );
  return href ? (
    <Link href={href} className="text-indigo-700 hover:underline">
      {label}
    </Link>
  ) : (
    label
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
      {entries.map((entry) => {
        const described = describeAuditEntry(t as unknown as AuditTranslate, entry);
        return (
          <li key={entry.id} className="flex flex-col gap-1 px-4 py-3 text-sm sm:flex-row sm:items-baseline sm:gap-4 sm:px-5">
            <span className="shrink-0 text-slate-500 sm:w-44">
              <LocalTime value={entry.at} />
            </span>
            <div className="min-w-0 flex-1">
              <span className="font-medium text-slate-900" data-action={entry.action}>
                {described.action}
              </span>{" "}
              <Target entry={entry} name={described.name} workspaceSlug={workspaceSlug} />
              {described.lines.length > 0 ? (
                <ul className="mt-1 space-y-0.5 text-slate-700">
                  {described.lines.map((line) => (
                    <li key={line} className="break-all">
                      {line}
                    </li>
                  ))}
                </ul>
              ) : null}
              <span className="block text-xs text-slate-500 break-all">
                {actorLabel(t, entry)}
                {entry.ip ? ` · ${entry.ip}` : ""}
              </span>
            </div>
            <span className="shrink-0">
              <Badge>{entry.action}</Badge>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

import { useTranslations } from "next-intl";
import { LocalTime } from "@/components/ui/local-time";
import type { LeadChange, TimelinePerson } from "@/lib/leads/get-lead-timeline";
import { LEAD_STATUSES, type LeadStatus } from "@/lib/leads/lead-workflow-input";

function list(value: string | string[] | null): string[] {
  return Array.isArray(value) ? value : [];
}

/**
 * A change of the lead's status, owner or tags in its timeline: who made it (a member or an API key),
 * when, and what it became. One line per added or removed tag.
 */
export function ChangeEntry({ change }: { change: LeadChange }) {
  const t = useTranslations("workflow.changes");
  const tStatus = useTranslations("workflow.status");
  const tAssignment = useTranslations("assignment");
  const name = (person: TimelinePerson) => (person ? (person.name ?? person.email) : t("formerMember"));
  const actor =
    change.actor.kind === "automatic"
      ? tAssignment("automatic")
      : change.actor.kind === "api_key"
        ? change.actor.name === null
          ? t("deletedKey")
          : t("apiKey", { name: change.actor.name })
        : name(change.actor.user);
  const status = (value: string | string[] | null) =>
    typeof value === "string" && (LEAD_STATUSES as readonly string[]).includes(value) ? tStatus(value as LeadStatus) : "";

  let lines: string[];
  if (change.field === "status") {
    lines = [t("status", { actor, from: status(change.from), to: status(change.to) })];
  } else if (change.field === "owner") {
    lines = [change.to === null ? t("unassigned", { actor }) : t("assigned", { actor, owner: name(change.toOwner ?? null) })];
  } else {
    const before = list(change.from);
    const after = list(change.to);
    lines = [
      ...after.filter((tag) => !before.includes(tag)).map((tag) => t("tagAdded", { actor, tag })),
      ...before.filter((tag) => !after.includes(tag)).map((tag) => t("tagRemoved", { actor, tag })),
    ];
  }
  return (
    <li className="relative pl-8" data-testid="timeline-change" data-field={change.field}>
      <span aria-hidden className="absolute top-4 left-1.5 size-3 rounded-full bg-slate-400 ring-4 ring-white" />
      <div className="flex flex-wrap items-baseline gap-x-2 px-4 py-3 text-sm">
        <div className="space-y-0.5 text-slate-700">
          {lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
        <LocalTime value={change.createdAt} className="whitespace-nowrap text-slate-500" />
      </div>
    </li>
  );
}

import { useTranslations } from "next-intl";
import { LocalTime } from "@/components/ui/local-time";
import type { LeadNote } from "@/lib/leads/lead-notes";

/** A member's note in the lead's timeline: author, time and text (rendered as text, line breaks kept). */
export function NoteEntry({ note }: { note: LeadNote }) {
  const t = useTranslations("workflow.notes");
  return (
    <li className="relative pl-8" data-testid="timeline-note">
      <span aria-hidden className="absolute top-4 left-1.5 size-3 rounded-full bg-violet-500 ring-4 ring-white" />
      <div className="rounded-lg bg-violet-50/40 px-4 py-3 ring-1 ring-violet-200">
        <p className="flex flex-wrap items-center gap-x-2 text-sm">
          <span className="font-medium text-slate-800">
            {note.author ? (note.author.name ?? note.author.email) : t("formerMember")}
          </span>
          <span className="text-slate-500">{t("noted")}</span>
          <LocalTime value={note.createdAt} className="whitespace-nowrap text-slate-500" />
        </p>
        <p className="mt-1.5 whitespace-pre-wrap break-words text-sm text-slate-700" data-testid="note-body">
          {note.body}
        </p>
      </div>
    </li>
  );
}

import { useLocale, useTranslations } from "next-intl";
import type { FieldIssue } from "@/lib/errors";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { translateIssue } from "@/lib/i18n/word-field-issue";

/**
 * Field errors or warnings of a request, as ingest reported them to the sender: the field and the code as sent
 * (the API's contract), the message in the viewer's language (the sender got the English one).
 */
export function IssueTable({ title, issues, tone }: { title: string; issues: FieldIssue[]; tone: "error" | "warning" }) {
  const locale = useLocale();
  const t = useTranslations("formErrors");
  const word = (issue: FieldIssue) => (locale === DEFAULT_LOCALE ? issue.message : translateIssue(t, issue, undefined));
  return (
    <div>
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h4>
      <ul className="mt-2 divide-y divide-slate-100 overflow-hidden rounded-md ring-1 ring-slate-200">
        {issues.map((issue, index) => (
          <li
            key={index}
            className="grid gap-x-4 gap-y-1 bg-white px-3 py-2 text-sm sm:grid-cols-[minmax(8rem,14rem)_minmax(8rem,12rem)_1fr]"
          >
            <code className="font-mono text-xs break-all text-slate-900">{issue.field || "(body)"}</code>
            <code className={`font-mono text-xs break-all ${tone === "error" ? "text-red-700" : "text-amber-800"}`}>
              {issue.code}
            </code>
            <span className="text-slate-600">{word(issue)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

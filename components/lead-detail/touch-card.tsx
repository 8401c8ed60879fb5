import Link from "next/link";
import { LocalTime } from "@/components/ui/local-time";
import type { Touch } from "@/lib/leads/get-lead-detail";
import { Detail, DetailList, none } from "./detail-list";

const UTM_LABELS = [
  ["utmSource", "Source"],
  ["utmMedium", "Medium"],
  ["utmCampaign", "Campaign"],
  ["utmContent", "Content"],
  ["utmTerm", "Term"],
] as const;

/** Where a lead came from on one touch: the UTM values it carried, when, and through which capture link. */
export function TouchDetails({
  title,
  touch,
  workspacePath,
  testId,
}: {
  title: string;
  touch: Touch;
  workspacePath: string;
  testId: string;
}) {
  const utm = UTM_LABELS.filter(([key]) => touch.utm[key] !== null);
  return (
    <section aria-label={title} data-testid={testId} className="min-w-0">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <p className="mt-0.5 text-xs text-slate-500">
        <LocalTime value={touch.at} /> via{" "}
        {touch.link ? (
          <Link href={`${workspacePath}/links/${touch.link.id}`} className="font-medium text-indigo-700 hover:underline">
            {touch.link.name}
          </Link>
        ) : (
          <span className="italic">a deleted link</span>
        )}
      </p>
      {utm.length > 0 ? (
        <DetailList className="mt-3 sm:grid-cols-2">
          {utm.map(([key, label]) => (
            <Detail key={key} term={`UTM ${label.toLowerCase()}`}>
              {touch.utm[key] ?? none}
            </Detail>
          ))}
        </DetailList>
      ) : (
        <p className="mt-3 text-sm text-slate-500">
          No UTM values: the request carried no utm_source, medium, campaign, content or term.
        </p>
      )}
    </section>
  );
}

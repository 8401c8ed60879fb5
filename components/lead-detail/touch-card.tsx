import Link from "next/link";
import { useTranslations } from "next-intl";
import { LocalTime } from "@/components/ui/local-time";
import type { Touch } from "@/lib/leads/get-lead-detail";
import { Detail, DetailList, none } from "./detail-list";

const UTM_LABELS = [
  ["utmSource", "source"],
  ["utmMedium", "medium"],
  ["utmCampaign", "campaign"],
  ["utmContent", "content"],
  ["utmTerm", "term"],
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
  const t = useTranslations("lead.touch");
  const utm = UTM_LABELS.filter(([key]) => touch.utm[key] !== null);
  return (
    <section aria-label={title} data-testid={testId} className="min-w-0">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <p className="mt-0.5 text-xs text-slate-500">
        {t.rich("via", {
          time: () => <LocalTime value={touch.at} />,
          link: () =>
            touch.link ? (
              <Link href={`${workspacePath}/links/${touch.link.id}`} className="font-medium text-indigo-700 hover:underline">
                {touch.link.name}
              </Link>
            ) : (
              <span className="italic">{t("deletedLink")}</span>
            ),
        })}
      </p>
      {utm.length > 0 ? (
        <DetailList className="mt-3 sm:grid-cols-2">
          {utm.map(([key, label]) => (
            <Detail key={key} term={t(label)}>
              {touch.utm[key] ?? none}
            </Detail>
          ))}
        </DetailList>
      ) : (
        <p className="mt-3 text-sm text-slate-500">{t("none")}</p>
      )}
    </section>
  );
}

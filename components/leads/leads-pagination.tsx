import Link from "next/link";
import { useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button";

/** First page / Previous / Next, keeping the filter; keyset pages have no numbers. */
export function LeadsPagination({
  hrefFor,
  previous,
  next,
  onFirstPage,
}: {
  hrefFor: (after: string | undefined) => string;
  previous?: string;
  next?: string;
  onFirstPage: boolean;
}) {
  const t = useTranslations("leads.pages");
  if (onFirstPage && !next) return null;
  const disabled = "pointer-events-none opacity-50";
  return (
    <nav aria-label={t("label")} className="mt-4 flex flex-wrap items-center justify-between gap-2">
      {onFirstPage ? (
        <span />
      ) : (
        <Link href={hrefFor(undefined)} className={buttonClass("ghost", "sm")}>
          « {t("first")}
        </Link>
      )}
      <div className="flex items-center gap-2">
        {previous ? (
          <Link href={hrefFor(previous)} rel="prev" className={buttonClass("secondary", "sm")}>
            ← {t("previous")}
          </Link>
        ) : (
          <span aria-disabled="true" className={buttonClass("secondary", "sm", disabled)}>
            ← {t("previous")}
          </span>
        )}
        {next ? (
          <Link href={hrefFor(next)} rel="next" className={buttonClass("secondary", "sm")}>
            {t("next")} →
          </Link>
        ) : (
          <span aria-disabled="true" className={buttonClass("secondary", "sm", disabled)}>
            {t("next")} →
          </span>
        )}
      </div>
    </nav>
  );
}

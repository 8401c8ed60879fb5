import Link from "next/link";
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
  if (onFirstPage && !next) return null;
  const disabled = "pointer-events-none opacity-50";
  return (
    <nav aria-label="Pages of leads" className="mt-4 flex flex-wrap items-center justify-between gap-2">
      {onFirstPage ? (
        <span />
      ) : (
        <Link href={hrefFor(undefined)} className={buttonClass("ghost", "sm")}>
          « First page
        </Link>
      )}
      <div className="flex items-center gap-2">
        {previous ? (
          <Link href={hrefFor(previous)} rel="prev" className={buttonClass("secondary", "sm")}>
            ← Previous
          </Link>
        ) : (
          <span aria-disabled="true" className={buttonClass("secondary", "sm", disabled)}>
            ← Previous
          </span>
        )}
        {next ? (
          <Link href={hrefFor(next)} rel="next" className={buttonClass("secondary", "sm")}>
            Next →
          </Link>
        ) : (
          <span aria-disabled="true" className={buttonClass("secondary", "sm", disabled)}>
            Next →
          </span>
        )}
      </div>
    </nav>
  );
}

import clsx from "clsx";
import type { ComponentProps, ReactNode } from "react";

/**
 * A data table in a card-like frame that scrolls sideways on narrow screens instead of squeezing columns;
 * a shadow at the edge shows there is more that way.
 */
export function Table({ caption, children, className }: { caption: string; children: ReactNode; className?: string }) {
  return (
    <div className={clsx("scroll-shadow-x overflow-x-auto rounded-lg shadow-sm ring-1 ring-slate-200", className)}>
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function Th({ className, align = "left", ...props }: ComponentProps<"th"> & { align?: "left" | "right" }) {
  return (
    <th
      scope="col"
      className={clsx(
        "bg-slate-50 px-4 py-2.5 text-xs font-medium uppercase tracking-wide whitespace-nowrap text-slate-500",
        align === "right" ? "text-right" : "text-left",
        className,
      )}
      {...props}
    />
  );
}

export function Td({ className, align = "left", ...props }: ComponentProps<"td"> & { align?: "left" | "right" }) {
  return (
    <td
      className={clsx("px-4 py-3 align-top text-slate-700", align === "right" && "text-right tabular-nums", className)}
      {...props}
    />
  );
}

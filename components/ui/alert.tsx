import clsx from "clsx";
import type { ReactNode } from "react";

export function Alert({ tone = "error", children }: { tone?: "error" | "success" | "info" | "warning"; children: ReactNode }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={clsx(
        "rounded-md px-4 py-3 text-sm",
        tone === "error" && "bg-red-50 text-red-800 ring-1 ring-red-200",
        tone === "success" && "bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200",
        tone === "info" && "bg-sky-50 text-sky-800 ring-1 ring-sky-200",
        tone === "warning" && "bg-amber-50 text-amber-900 ring-1 ring-amber-200",
      )}
    >
      {children}
    </div>
  );
}

"use client";

import { useTranslations } from "next-intl";
import { LEAD_SELECT_SELECTOR } from "./lead-bulk-actions";

/** Ticks or unticks every row of the page (the bulk bar counts them through the change event). */
export function SelectAllLeads() {
  const t = useTranslations("workflow.table");
  return (
    <input
      type="checkbox"
      aria-label={t("selectPage")}
      className="size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
      onChange={(event) => {
        for (const box of document.querySelectorAll<HTMLInputElement>(LEAD_SELECT_SELECTOR)) box.checked = event.target.checked;
      }}
    />
  );
}

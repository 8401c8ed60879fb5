"use client";

import { useTranslations } from "next-intl";
import { useId, useRef } from "react";
import { Button } from "@/components/ui/button";

/**
 * "Export": an Excel workbook in the viewer's language and zone (the default), the CSV for Excel (a byte
 * order mark, and the separator Excel expects in the viewer's language), or plain CSV for tools. A GET form
 * to the export route, so the browser downloads the stream itself.
 */
export function ExportDialog({
  action,
  params,
  separator,
}: {
  action: string;
  /** The page's filter, sent along. */
  params: Record<string, string>;
  /** What the Excel-friendly file is separated by for this viewer: ";" or ",". */
  separator: string;
}) {
  const t = useTranslations("workflow.export");
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  return (
    <>
      <Button variant="secondary" onClick={() => dialog.current?.showModal()}>
        <span aria-hidden>↓</span> {t("button")}
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 text-left shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-900/40"
      >
        <form method="get" action={action} className="space-y-4 p-6" onSubmit={() => dialog.current?.close()}>
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            {t("title")}
          </h2>
          <p className="text-sm text-slate-600">{t("description")}</p>
          {Object.entries(params).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-700">{t("format")}</legend>
            <label className="flex gap-3 rounded-md p-2 ring-1 ring-slate-200 has-checked:ring-indigo-600">
              <input type="radio" name="format" value="xlsx" defaultChecked className="mt-1" />
              <span>
                <span className="block text-sm font-medium text-slate-900">{t("xlsx")}</span>
                <span className="block text-xs text-slate-500">{t("xlsxHint")}</span>
              </span>
            </label>
            <label className="flex gap-3 rounded-md p-2 ring-1 ring-slate-200 has-checked:ring-indigo-600">
              <input type="radio" name="format" value="excel" className="mt-1" />
              <span>
                <span className="block text-sm font-medium text-slate-900">{t("excel")}</span>
                <span className="block text-xs text-slate-500">{t("excelHint", { separator })}</span>
              </span>
            </label>
            <label className="flex gap-3 rounded-md p-2 ring-1 ring-slate-200 has-checked:ring-indigo-600">
              <input type="radio" name="format" value="csv" className="mt-1" />
              <span>
                <span className="block text-sm font-medium text-slate-900">{t("plain")}</span>
                <span className="block text-xs text-slate-500">{t("plainHint")}</span>
              </span>
            </label>
          </fieldset>
          <div className="flex justify-end gap-2 pt-2">
            <Button variant="secondary" onClick={() => dialog.current?.close()}>
              {t("cancel")}
            </Button>
            <Button type="submit">{t("download")}</Button>
          </div>
        </form>
      </dialog>
    </>
  );
}

"use client";

import { useId, useRef } from "react";
import { Button } from "@/components/ui/button";

/**
 * "Export CSV": plain CSV for tools, or Excel-friendly (a byte order mark, and the separator Excel expects
 * in the viewer's language). A GET form to the export route, so the browser downloads the stream itself.
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
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  return (
    <>
      <Button variant="secondary" onClick={() => dialog.current?.showModal()}>
        <span aria-hidden>↓</span> Export CSV
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 text-left shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-900/40"
      >
        <form method="get" action={action} className="space-y-4 p-6" onSubmit={() => dialog.current?.close()}>
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            Export leads
          </h2>
          <p className="text-sm text-slate-600">Every lead matching the current filters, in the current order.</p>
          {Object.entries(params).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-700">Format</legend>
            <label className="flex gap-3 rounded-md p-2 ring-1 ring-slate-200 has-checked:ring-indigo-600">
              <input type="radio" name="format" value="excel" defaultChecked className="mt-1" />
              <span>
                <span className="block text-sm font-medium text-slate-900">Excel-friendly</span>
                <span className="block text-xs text-slate-500">
                  UTF-8 with a byte order mark, columns separated by “{separator}” as Excel expects in your language.
                </span>
              </span>
            </label>
            <label className="flex gap-3 rounded-md p-2 ring-1 ring-slate-200 has-checked:ring-indigo-600">
              <input type="radio" name="format" value="csv" className="mt-1" />
              <span>
                <span className="block text-sm font-medium text-slate-900">Plain CSV</span>
                <span className="block text-xs text-slate-500">UTF-8, comma-separated: for CRMs, scripts and imports.</span>
              </span>
            </label>
          </fieldset>
          <div className="flex justify-end gap-2 pt-2">
            <Button variant="secondary" onClick={() => dialog.current?.close()}>
              Cancel
            </Button>
            <Button type="submit">Download</Button>
          </div>
        </form>
      </dialog>
    </>
  );
}

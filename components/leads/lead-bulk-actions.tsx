"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { ActionState } from "@/lib/forms/action-state";
import { LEAD_STATUS_LABELS, LEAD_STATUSES } from "@/lib/leads/lead-workflow-input";

/** The checkboxes of the leads table's rows (components/leads/leads-table.tsx). */
export const LEAD_SELECT_SELECTOR = "input[data-lead-select]";

type Scope = "selected" | "filter";
interface BulkRequest {
  scope: Scope;
  ids: string[];
  query: string;
}
// "erase" joins these when the LGPD work lands: its own kind here, a confirmation in the danger tone.
type Kind = "status" | "owner" | "addTag" | "removeTag";

const KIND_LABELS: Record<Kind, string> = {
  status: "Set status",
  owner: "Set owner",
  addTag: "Add tag",
  removeTag: "Remove tag",
};

function selectedIds(): string[] {
  return [...document.querySelectorAll<HTMLInputElement>(`${LEAD_SELECT_SELECTOR}:checked`)].map((box) => box.value);
}

/**
 * Bulk changes on the leads table: to the ticked rows, or to every lead the filter matches (all pages). The
 * confirmation says how many leads will change, counted on the server when it opens.
 */
export function LeadBulkActions({
  query,
  filtered,
  members,
  tags,
  count: countAction,
  apply,
}: {
  /** The page's filter as a query string. */
  query: string;
  filtered: boolean;
  members: { id: string; label: string }[];
  tags: string[];
  count: (request: BulkRequest) => Promise<ActionState & { count?: number }>;
  apply: (request: BulkRequest, action: { kind: string; value: string }) => Promise<ActionState & { updated?: number }>;
}) {
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [selected, setSelected] = useState(0);
  const [scope, setScope] = useState<Scope>("selected");
  const [kind, setKind] = useState<Kind>("status");
  const [value, setValue] = useState<string>("contacted");
  const [confirming, setConfirming] = useState<{ request: BulkRequest; count: number } | undefined>();
  const [message, setMessage] = useState<ActionState | undefined>();
  const [pending, startTransition] = useTransition();

  useEffect(() => {
    const update = () => setSelected(selectedIds().length);
    update();
    document.addEventListener("change", update);
    return () => document.removeEventListener("change", update);
  }, []);
  const effectiveScope: Scope = selected === 0 ? "filter" : scope;

  function chooseKind(next: Kind) {
    setKind(next);
    setValue(next === "status" ? "contacted" : next === "owner" ? "none" : "");
  }

  function review() {
    const request: BulkRequest = { scope: effectiveScope, ids: effectiveScope === "selected" ? selectedIds() : [], query };
    setMessage(undefined);
    startTransition(async () => {
      const counted = await countAction(request);
      if (!counted.ok || counted.count === undefined) {
        setMessage(counted);
        return;
      }
      setConfirming({ request, count: counted.count });
      dialog.current?.showModal();
    });
  }

  function confirm() {
    if (!confirming) return;
    startTransition(async () => {
      const result = await apply(confirming.request, { kind, value });
      setMessage(result);
      if (result.ok) {
        dialog.current?.close();
        for (const box of document.querySelectorAll<HTMLInputElement>(LEAD_SELECT_SELECTOR)) box.checked = false;
        setSelected(0);
        router.refresh();
      }
    });
  }

  const valueLabel =
    kind === "status"
      ? LEAD_STATUS_LABELS[value as keyof typeof LEAD_STATUS_LABELS]
      : kind === "owner"
        ? value === "none"
          ? "nobody (unassigned)"
          : (members.find((member) => member.id === value)?.label ?? "")
        : `“${value.trim()}”`;
  const count = confirming?.count ?? 0;
  const leads = `${count.toLocaleString()} ${count === 1 ? "lead" : "leads"}`;
  const summary =
    kind === "status"
      ? `Set the status of ${leads} to ${valueLabel}?`
      : kind === "owner"
        ? `Assign ${leads} to ${valueLabel}?`
        : kind === "addTag"
          ? `Add the tag ${valueLabel} to ${leads}?`
          : `Remove the tag ${valueLabel} from ${leads}?`;
  const selectClass =
    "rounded-md border-0 bg-white py-1.5 pr-8 pl-2.5 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600";

  return (
    <section
      aria-label="Bulk actions"
      className="mb-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200"
      data-testid="bulk-actions"
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label className="sr-only" htmlFor="bulk-scope">
          Apply to
        </label>
        <select
          id="bulk-scope"
          className={selectClass}
          value={effectiveScope}
          onChange={(event) => setScope(event.target.value as Scope)}
        >
          <option value="selected" disabled={selected === 0}>
            {selected} selected {selected === 1 ? "lead" : "leads"}
          </option>
          <option value="filter">{filtered ? "Every lead matching the filters" : "Every lead"}</option>
        </select>
        <label className="sr-only" htmlFor="bulk-kind">
          Action
        </label>
        <select id="bulk-kind" className={selectClass} value={kind} onChange={(event) => chooseKind(event.target.value as Kind)}>
          {(Object.keys(KIND_LABELS) as Kind[]).map((option) => (
            <option key={option} value={option}>
              {KIND_LABELS[option]}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor="bulk-value">
          {kind === "status" ? "New status" : kind === "owner" ? "New owner" : kind === "addTag" ? "Tag to add" : "Tag to remove"}
        </label>
        {kind === "status" ? (
          <select id="bulk-value" className={selectClass} value={value} onChange={(event) => setValue(event.target.value)}>
            {LEAD_STATUSES.map((status) => (
              <option key={status} value={status}>
                {LEAD_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        ) : kind === "owner" ? (
          <select id="bulk-value" className={selectClass} value={value} onChange={(event) => setValue(event.target.value)}>
            <option value="none">Unassigned</option>
            {members.map((member) => (
              <option key={member.id} value={member.id}>
                {member.label}
              </option>
            ))}
          </select>
        ) : (
          <>
            <input
              id="bulk-value"
              className={`${selectClass} w-40 px-2.5`}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              placeholder="Tag"
              list="bulk-tag-suggestions"
              maxLength={50}
              autoComplete="off"
            />
            <datalist id="bulk-tag-suggestions">
              {tags.map((tag) => (
                <option key={tag} value={tag} />
              ))}
            </datalist>
          </>
        )}
        <Button
          variant="secondary"
          onClick={review}
          disabled={pending || ((kind === "addTag" || kind === "removeTag") && value.trim() === "")}
        >
          {pending && !confirming ? "Counting…" : "Apply…"}
        </Button>
      </div>
      {message?.message ? (
        <p role={message.ok ? "status" : "alert"} className={`mt-2 text-sm ${message.ok ? "text-emerald-700" : "text-red-600"}`}>
          {message.message}
        </p>
      ) : null}
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onClose={() => setConfirming(undefined)}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 text-left shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-900/40"
      >
        <div className="space-y-4 p-6">
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            {KIND_LABELS[kind]}
          </h2>
          <p className="text-sm text-slate-600" data-testid="bulk-confirmation">
            {summary}
          </p>
          {count === 0 ? <p className="text-sm text-slate-500">No lead matches: nothing will change.</p> : null}
          {message && !message.ok && confirming ? <Alert>{message.message}</Alert> : null}
          <div className="flex justify-end gap-2 pt-2">
            <Button variant="secondary" onClick={() => dialog.current?.close()} autoFocus>
              Cancel
            </Button>
            <Button onClick={confirm} disabled={pending || count === 0}>
              {pending ? "Updating…" : `Update ${leads}`}
            </Button>
          </div>
        </div>
      </dialog>
    </section>
  );
}

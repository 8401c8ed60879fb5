"use client";

import clsx from "clsx";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { ActionState } from "@/lib/forms/action-state";
import { LEAD_STATUSES } from "@/lib/leads/lead-workflow-input";

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

const KINDS: Kind[] = ["status", "owner", "addTag", "removeTag"];
const KIND_KEYS = { status: "setStatus", owner: "setOwner", addTag: "addTag", removeTag: "removeTag" } as const;

function selectedIds(): string[] {
  return [...document.querySelectorAll<HTMLInputElement>(`${LEAD_SELECT_SELECTOR}:checked`)].map((box) => box.value);
}

/**
 * Bulk changes on the leads table: to the ticked rows, or to every lead the filter matches (all pages). The
 * confirmation says how many leads will change, counted on the server when it opens. On a phone the bar is
 * folded to one button until a row is ticked (it pushed the first lead off the screen); from md up it is open.
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
  const t = useTranslations("workflow");
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const controlsId = useId();
  const [unfolded, setUnfolded] = useState(false);
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
  const folded = selected === 0 && !unfolded;

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

  const count = confirming?.count ?? 0;
  // Formatted only while the confirmation is open: every page render would otherwise compile these messages.
  const leads = confirming ? t("bulk.leads", { count }) : "";
  const summary = !confirming
    ? ""
    : kind === "status"
      ? t("bulk.confirmStatus", { leads, value: t(`status.${value as (typeof LEAD_STATUSES)[number]}`) })
      : kind === "owner"
        ? t("bulk.confirmOwner", {
            leads,
            value: value === "none" ? t("bulk.nobody") : (members.find((member) => member.id === value)?.label ?? ""),
          })
        : kind === "addTag"
          ? t("bulk.confirmAddTag", { leads, value: value.trim() })
          : t("bulk.confirmRemoveTag", { leads, value: value.trim() });
  const selectClass =
    "rounded-md border-0 bg-white py-1.5 pr-8 pl-2.5 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600";

  return (
    <section
      aria-label={t("bulk.region")}
      className={clsx(
        "mb-3 rounded-lg md:bg-slate-50 md:p-3 md:ring-1 md:ring-slate-200",
        !folded && "bg-slate-50 p-3 ring-1 ring-slate-200",
      )}
      data-testid="bulk-actions"
    >
      {selected === 0 ? (
        <button
          type="button"
          aria-expanded={!folded}
          aria-controls={controlsId}
          onClick={() => setUnfolded(!unfolded)}
          className={clsx("text-sm font-medium text-indigo-700 hover:text-indigo-900 md:hidden", !folded && "mb-2")}
        >
          {t("bulk.toggle")}
        </button>
      ) : null}
      <div id={controlsId} className={clsx("flex-wrap items-center gap-2 text-sm md:flex", folded ? "hidden" : "flex")}>
        <label className="sr-only" htmlFor="bulk-scope">
          {t("bulk.applyTo")}
        </label>
        <select
          id="bulk-scope"
          className={selectClass}
          value={effectiveScope}
          onChange={(event) => setScope(event.target.value as Scope)}
        >
          <option value="selected" disabled={selected === 0}>
            {t("bulk.selected", { count: selected })}
          </option>
          <option value="filter">{filtered ? t("bulk.everyMatching") : t("bulk.everyLead")}</option>
        </select>
        <label className="sr-only" htmlFor="bulk-kind">
          {t("bulk.action")}
        </label>
        <select id="bulk-kind" className={selectClass} value={kind} onChange={(event) => chooseKind(event.target.value as Kind)}>
          {KINDS.map((option) => (
            <option key={option} value={option}>
              {t(`bulk.${KIND_KEYS[option]}`)}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor="bulk-value">
          {t(
            kind === "status"
              ? "bulk.newStatus"
              : kind === "owner"
                ? "bulk.newOwner"
                : kind === "addTag"
                  ? "bulk.tagToAdd"
                  : "bulk.tagToRemove",
          )}
        </label>
        {kind === "status" ? (
          <select id="bulk-value" className={selectClass} value={value} onChange={(event) => setValue(event.target.value)}>
            {LEAD_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </select>
        ) : kind === "owner" ? (
          <select id="bulk-value" className={selectClass} value={value} onChange={(event) => setValue(event.target.value)}>
            <option value="none">{t("bulk.unassigned")}</option>
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
              placeholder={t("bulk.tagPlaceholder")}
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
          {pending && !confirming ? t("bulk.counting") : t("bulk.apply")}
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
            {t(`bulk.${KIND_KEYS[kind]}`)}
          </h2>
          <p className="text-sm text-slate-600" data-testid="bulk-confirmation">
            {summary}
          </p>
          {count === 0 ? <p className="text-sm text-slate-500">{t("bulk.nothingMatches")}</p> : null}
          {message && !message.ok && confirming ? <Alert>{message.message}</Alert> : null}
          <div className="flex justify-end gap-2 pt-2">
            <Button variant="secondary" onClick={() => dialog.current?.close()} autoFocus>
              {t("bulk.cancel")}
            </Button>
            <Button onClick={confirm} disabled={pending || count === 0}>
              {pending ? t("bulk.updating") : confirming ? t("bulk.update", { leads }) : null}
            </Button>
          </div>
        </div>
      </dialog>
    </section>
  );
}

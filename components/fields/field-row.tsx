"use client";

import clsx from "clsx";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { FieldType } from "@/lib/fields/custom-field";
import type { ActionState } from "@/lib/forms/action-state";
import { ArchiveFieldButton } from "./archive-field-button";
import { EditFieldForm } from "./edit-field-form";

export interface FieldRowData {
  id: string;
  name: string;
  label: string;
  type: FieldType;
  options?: string[];
  /** Former labels that still reach the field. */
  aliases: { id: string; label: string }[];
  archived: boolean;
}

type FormAction = (state: ActionState, form: FormData) => Promise<ActionState>;

const SHOWN_OPTIONS = 6;

/**
 * One custom field: label, key, type, options and former labels, with its actions. A list item rather than
 * a table row, so that it wraps on a phone instead of making the page scroll sideways.
 */
export function FieldRow({
  field,
  actions,
}: {
  field: FieldRowData;
  /** The row's management actions; none for members, who only read. */
  actions?: { update: FormAction; setArchived: () => Promise<ActionState>; removeAlias: Record<string, FormAction> };
}) {
  const t = useTranslations("fields.row");
  const types = useTranslations("fields.types");
  const [editing, setEditing] = useState(false);
  const close = useCallback(() => setEditing(false), []);
  const options = field.options ?? [];
  return (
    <li className={clsx("px-4 py-4 sm:px-5", field.archived && "bg-slate-50/70")} data-testid="field-row" data-field={field.name}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 space-y-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className={clsx("font-medium break-words", field.archived ? "text-slate-500" : "text-slate-900")}>
              {field.label}
            </h3>
            <Badge tone="indigo">{types(`${field.type}.label`)}</Badge>
            {field.archived ? <Badge tone="amber">{t("archived")}</Badge> : <Badge tone="green">{t("active")}</Badge>}
          </div>
          <p className="text-xs text-slate-500">
            {t.rich("key", { code: () => <code className="font-mono break-all text-slate-700">{field.name}</code> })}
          </p>
          {options.length > 0 ? (
            // biome-ignore lint/a11y/useSemanticElements: a labelled set of badges, not form controls (no fieldset)
            <div role="group" className="flex flex-wrap items-center gap-1" aria-label={t("options")}>
              {options.slice(0, SHOWN_OPTIONS).map((option) => (
                <Badge key={option}>{option}</Badge>
              ))}
              {options.length > SHOWN_OPTIONS ? (
                <span className="text-xs text-slate-500">{t("more", { count: options.length - SHOWN_OPTIONS })}</span>
              ) : null}
            </div>
          ) : null}
          {field.aliases.length > 0 ? (
            <div className="flex flex-wrap items-center gap-1.5 text-xs text-slate-500" data-testid="field-aliases">
              <span>{t("aliases")}</span>
              {field.aliases.map((alias) => (
                <span
                  key={alias.id}
                  className="inline-flex items-center gap-0.5 rounded-md bg-white py-0.5 pl-2 ring-1 ring-slate-200"
                  data-alias={alias.label}
                >
                  <span className="break-all text-slate-700">{alias.label}</span>
                  {actions?.removeAlias[alias.id] ? (
                    <ConfirmDialog
                      trigger={
                        <>
                          <span aria-hidden>×</span>
                          <span className="sr-only">{t("removeAliasNamed", { alias: alias.label })}</span>
                        </>
                      }
                      triggerVariant="ghost"
                      triggerSize="sm"
                      title={t("removeAliasTitle", { alias: alias.label, label: field.label })}
                      confirmLabel={t("remove")}
                      pendingLabel={t("removing")}
                      action={actions.removeAlias[alias.id]!}
                    >
                      <p>{t("removeAliasEffect", { alias: alias.label })}</p>
                    </ConfirmDialog>
                  ) : (
                    <span className="pr-2" />
                  )}
                </span>
              ))}
            </div>
          ) : null}
        </div>
        {actions ? (
          <div className="flex shrink-0 items-center gap-1">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setEditing(!editing)}
              aria-expanded={editing}
              aria-label={t("editNamed", { label: field.label })}
            >
              {t("edit")}
            </Button>
            <ArchiveFieldButton archived={field.archived} label={field.label} action={actions.setArchived} />
          </div>
        ) : null}
      </div>
      {editing && actions ? (
        <div className="mt-3 rounded-md bg-indigo-50/60 p-3 sm:p-4">
          <EditFieldForm
            fieldId={field.id}
            label={field.label}
            options={field.type === "select" ? options : undefined}
            action={actions.update}
            onDone={close}
          />
        </div>
      ) : null}
    </li>
  );
}

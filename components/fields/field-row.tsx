"use client";

import clsx from "clsx";
import { useCallback, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Td } from "@/components/ui/table";
import type { ActionState } from "@/lib/forms/action-state";
import type { FieldType } from "@/lib/fields/custom-field";
import { ArchiveFieldButton } from "./archive-field-button";
import { EditFieldForm } from "./edit-field-form";
import { FIELD_TYPE_LABELS } from "./field-type-options";

export interface FieldRowData {
  id: string;
  name: string;
  label: string;
  type: FieldType;
  options?: string[];
  archived: boolean;
}

const SHOWN_OPTIONS = 4;

export function FieldRow({
  field,
  actions,
}: {
  field: FieldRowData;
  /** The row's management actions; none for members, who only read. */
  actions?: { update: (state: ActionState, form: FormData) => Promise<ActionState>; setArchived: () => Promise<ActionState> };
}) {
  const [editing, setEditing] = useState(false);
  const close = useCallback(() => setEditing(false), []);
  const options = field.options ?? [];
  return (
    <>
      <tr className={clsx(field.archived && "bg-slate-50/70 text-slate-500")} data-testid="field-row" data-field={field.name}>
        <Td className={clsx("font-medium", field.archived ? "text-slate-500" : "text-slate-900")}>{field.label}</Td>
        <Td>
          <code className="font-mono text-xs">{field.name}</code>
        </Td>
        <Td>
          <Badge tone="indigo">{FIELD_TYPE_LABELS[field.type].label}</Badge>
        </Td>
        <Td className="max-w-xs">
          {options.length > 0 ? (
            <span className="flex flex-wrap gap-1">
              {options.slice(0, SHOWN_OPTIONS).map((option) => (
                <Badge key={option}>{option}</Badge>
              ))}
              {options.length > SHOWN_OPTIONS ? <span className="text-xs text-slate-500">+{options.length - SHOWN_OPTIONS} more</span> : null}
            </span>
          ) : (
            <span className="text-slate-400">—</span>
          )}
        </Td>
        <Td>{field.archived ? <Badge tone="amber">Archived</Badge> : <Badge tone="green">Active</Badge>}</Td>
        {actions ? (
          <Td align="right" className="whitespace-nowrap">
            <Button variant="ghost" size="sm" onClick={() => setEditing(!editing)} aria-expanded={editing} aria-label={`Edit ${field.label}`}>
              Edit
            </Button>
            <ArchiveFieldButton archived={field.archived} label={field.label} action={actions.setArchived} />
          </Td>
        ) : null}
      </tr>
      {editing && actions ? (
        <tr className="bg-indigo-50/40">
          <td colSpan={6} className="px-4 py-4">
            <EditFieldForm fieldId={field.id} label={field.label} options={field.type === "select" ? options : undefined} action={actions.update} onDone={close} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

import type { Metadata } from "next";
import { CreateFieldForm } from "@/components/fields/create-field-form";
import { FieldRow } from "@/components/fields/field-row";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { hasRole, requireWorkspace } from "@/lib/auth/session";
import { listFields } from "@/lib/fields/list-fields";
import { createFieldAction, removeFieldAliasAction, setFieldArchivedAction, updateFieldAction } from "./actions";

export const metadata: Metadata = { title: "Custom fields" };
export const dynamic = "force-dynamic";

export default async function FieldsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { workspace, role } = await requireWorkspace((await params).slug);
  const canManage = hasRole(role, "admin");
  const fields = await listFields(workspace.id);
  const active = fields.filter((field) => !field.archived).length;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Custom fields"
        description={
          <>
            Extra lead data your forms send in <code className="font-mono text-xs">customFields</code>, keyed by a field&apos;s
            name, its label, a former label or its id. Values are checked against the field&apos;s type.
          </>
        }
      />

      {canManage ? (
        <Card title="New custom field" description="The name is the key senders use and cannot change later; the label can.">
          <CreateFieldForm action={createFieldAction.bind(null, workspace.slug)} />
        </Card>
      ) : null}

      {fields.length === 0 ? (
        <EmptyState title="No custom fields yet">
          <p>
            Leads already have name, email, phone, address and UTM fields. Add a custom field for anything else your forms
            collect, like a company size or a product of interest; it then appears in every capture link&apos;s snippets.
          </p>
          {canManage ? (
            <p className="mt-2">Create one with the form above.</p>
          ) : (
            <p className="mt-2">Owners and admins of this workspace can create them.</p>
          )}
        </EmptyState>
      ) : (
        <section aria-labelledby="fields-title" className="space-y-2">
          <h2 id="fields-title" className="text-sm font-medium text-slate-500">
            {active} active{fields.length > active ? `, ${fields.length - active} archived` : ""}
          </h2>
          <ul
            aria-label="Custom fields"
            className="divide-y divide-slate-100 overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200"
          >
            {fields.map((field) => (
              <FieldRow
                key={field.id}
                field={{
                  id: field.id,
                  name: field.name,
                  label: field.label,
                  type: field.type,
                  options: field.type === "select" ? field.options : undefined,
                  aliases: field.aliases,
                  archived: field.archived,
                }}
                actions={
                  canManage
                    ? {
                        update: updateFieldAction.bind(null, workspace.slug, field.id),
                        setArchived: setFieldArchivedAction.bind(null, workspace.slug, field.id, !field.archived),
                        // Server actions cross to the client as bound references, one per alias.
                        removeAlias: Object.fromEntries(
                          field.aliases.map((alias) => [
                            alias.id,
                            removeFieldAliasAction.bind(null, workspace.slug, field.id, alias.id),
                          ]),
                        ),
                      }
                    : undefined
                }
              />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

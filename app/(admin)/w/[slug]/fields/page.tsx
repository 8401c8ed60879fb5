import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CreateFieldForm } from "@/components/fields/create-field-form";
import { FieldRow } from "@/components/fields/field-row";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { hasRole, requireWorkspace } from "@/lib/auth/session";
import { listFields } from "@/lib/fields/list-fields";
import { createFieldAction, removeFieldAliasAction, setFieldArchivedAction, updateFieldAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("fields"))("title") };
}
export const dynamic = "force-dynamic";

export default async function FieldsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { workspace, role } = await requireWorkspace((await params).slug);
  const canManage = hasRole(role, "admin");
  const fields = await listFields(workspace.id);
  const active = fields.filter((field) => !field.archived).length;
  const t = await getTranslations("fields");

  return (
    <div className="space-y-6">
      <PageHeader
        title={t("title")}
        description={t.rich("description", { code: (chunks) => <code className="font-mono text-xs">{chunks}</code> })}
      />

      {canManage ? (
        <Card title={t("new.title")} description={t("new.description")}>
          <CreateFieldForm action={createFieldAction.bind(null, workspace.slug)} />
        </Card>
      ) : null}

      {fields.length === 0 ? (
        <EmptyState title={t("empty.title")}>
          <p>{t("empty.text")}</p>
          {canManage ? <p className="mt-2">{t("empty.createAbove")}</p> : <p className="mt-2">{t("empty.askManager")}</p>}
        </EmptyState>
      ) : (
        <section aria-labelledby="fields-title" className="space-y-2">
          <h2 id="fields-title" className="text-sm font-medium text-slate-500">
            {t("count", { active, archived: fields.length - active })}
          </h2>
          <ul
            aria-label={t("title")}
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

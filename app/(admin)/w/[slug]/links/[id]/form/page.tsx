import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { FormEditor } from "@/components/links/form-tab/form-editor";
import { FormPreview } from "@/components/links/form-tab/form-preview";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { hasRole, requireWorkspace } from "@/lib/auth/session";
import { isAppError } from "@/lib/errors";
import { listFields } from "@/lib/fields/list-fields";
import { formFieldKeys, formWordsByLanguage } from "@/lib/links/form-editor-facts";
import { getLink } from "@/lib/links/get-link";
import { getLinkForm } from "@/lib/links/get-link-form";
import { readFieldKey } from "@/lib/links/link-form-settings";
import { saveLinkFormAction } from "../../actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("links.formTab"))("title") };
}
export const dynamic = "force-dynamic";

/** /w/<slug>/links/<id>/form: the link's form settings (DESIGN.md section 12), edited beside a live preview. */
export default async function LinkFormPage({ params }: { params: Promise<{ slug: string; id: string }> }) {
  const { slug, id } = await params;
  const { workspace, role } = await requireWorkspace(slug);
  const [t, tWords] = await Promise.all([getTranslations("links.formTab"), getTranslations("linkForm")]);
  const [link, form, fields] = await Promise.all([
    getLink(workspace.id, id),
    getLinkForm(workspace.id, id),
    listFields(workspace.id),
  ]).catch((error: unknown) => {
    // Another workspace's link is "not found" too: every query is scoped to this workspace.
    if (isAppError(error) && error.code === "capture_link_not_found") notFound();
    throw error;
  });
  const active = link.status === "active";
  const canEdit = hasRole(role, "admin") && active;
  const customLabels = new Map(fields.map((field) => [field.name, field.label]));
  // A stored form may still name a custom field archived since: keep it listed so it can be removed.
  const keys = [...new Set([...formFieldKeys(fields), ...form.fields.map((field) => field.key)])];
  const words = formWordsByLanguage(keys, customLabels, workspace.name);
  const choices = keys.map((key) => {
    const read = readFieldKey(key);
    const name =
      read?.kind === "lead"
        ? tWords(`fields.${read.key}`)
        : read?.kind === "address"
          ? tWords(`address.${read.key}`)
          : (customLabels.get(read?.name ?? "") ?? key);
    return { key, name };
  });
  const linkPath = `/w/${workspace.slug}/links/${link.id}`;

  return (
    <div className="min-w-0 space-y-6">
      <div>
        <Link href={linkPath} className="text-sm font-medium text-slate-500 hover:text-slate-900">
          ← {t("back")}
        </Link>
        <div className="mt-2">
          <PageHeader title={`${t("title")} · ${link.name}`} description={t("description")} />
        </div>
        {!active ? <Alert>{t("revoked")}</Alert> : !canEdit ? <Alert>{t("readOnly")}</Alert> : null}
      </div>
      {canEdit ? (
        <Card>
          <FormEditor
            action={saveLinkFormAction.bind(null, workspace.slug, link.id)}
            initial={form}
            choices={choices}
            words={words}
            linkRequiresConsent={link.requireConsent}
          />
        </Card>
      ) : (
        <Card title={t("preview")}>
          <FormPreview form={form} words={{ ...words[form.language], required: t("required") }} label={t("preview")} />
        </Card>
      )}
    </div>
  );
}

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { WorkspaceSettingsForm } from "@/components/workspaces/workspace-settings-form";
import { requireWorkspace } from "@/lib/auth/session";
import { LOCALE_NAMES, LOCALES } from "@/lib/i18n/locales";
import { timeZoneChoices } from "@/lib/time/time-zone-choices";
import { getWorkspaceSettings } from "@/lib/workspaces/workspace-settings";
import { updateWorkspaceSettingsAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("workspaceSettings"))("pageTitle") };
}
export const dynamic = "force-dynamic";

/** Owners and admins (others get the 404 page): the language and time zone of the workspace's messages. */
export default async function WorkspaceSettingsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { workspace } = await requireWorkspace((await params).slug, "admin");
  const [current, t] = await Promise.all([getWorkspaceSettings(workspace.id), getTranslations("workspaceSettings")]);
  return (
    <div className="space-y-6">
      <PageHeader title={t("pageTitle")} description={t("pageDescription", { workspace: workspace.name })} />
      <Card title={t("title")}>
        <WorkspaceSettingsForm
          action={updateWorkspaceSettingsAction.bind(null, workspace.slug)}
          current={current}
          languages={LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }))}
          zones={timeZoneChoices(current.timeZone)}
        />
      </Card>
    </div>
  );
}

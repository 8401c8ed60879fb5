import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { RetentionForm } from "@/components/privacy/retention-form";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requireWorkspace } from "@/lib/auth/session";
import { getRetentionSettings } from "@/lib/privacy/retention-settings";
import { updateRetentionAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("privacy.retention"))("pageTitle") };
}
export const dynamic = "force-dynamic";

/** Owners only (others get the 404 page): the workspace's retention windows (DESIGN.md section 9). */
export default async function PrivacySettingsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { workspace } = await requireWorkspace((await params).slug, "owner");
  const [current, t] = await Promise.all([getRetentionSettings(workspace.id), getTranslations("privacy.retention")]);
  return (
    <div className="space-y-6">
      <PageHeader title={t("pageTitle")} description={t("pageDescription")} />
      <Card title={t("title")}>
        <RetentionForm action={updateRetentionAction.bind(null, workspace.slug)} current={current} />
      </Card>
      <Card title={t("requestsTitle")}>
        <div className="space-y-2 text-sm text-slate-600">
          <p>
            {t("accessHelp")}{" "}
            <code className="font-mono text-xs break-all">
              npx leadlink lead personal-data --workspace {workspace.slug} --email …
            </code>
          </p>
          <p>
            {t("erasureHelp")}{" "}
            <code className="font-mono text-xs break-all">npx leadlink lead erase --workspace {workspace.slug} --id …</code>
          </p>
        </div>
      </Card>
    </div>
  );
}

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AwayForm } from "@/components/assignment/away-form";
import { DigestPreviewForm } from "@/components/notifications/digest-preview-form";
import { NotificationsForm } from "@/components/notifications/notifications-form";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { isMemberAway } from "@/lib/assignment/set-away";
import { requireWorkspace } from "@/lib/auth/session";
import { getDatabase } from "@/lib/db/client";
import { whatsappSettings } from "@/lib/env";
import { zoneName } from "@/lib/i18n/zone-name";
import { mailEnabled } from "@/lib/mail/mail-config";
import { getNotificationPreference } from "@/lib/notifications/get-notification-preference";
import { getWorkspaceSettings } from "@/lib/workspaces/workspace-settings";
import { setAwayAction } from "../links/assignment-actions";
import { saveNotificationsAction, sendDigestPreviewAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("email.notifications"))("title") };
}
export const dynamic = "force-dynamic";

export default async function NotificationsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { workspace, user } = await requireWorkspace((await params).slug);
  const { prisma } = await getDatabase();
  const [t, tAssignment, away, preference, links, settings] = await Promise.all([
    getTranslations("email.notifications"),
    getTranslations("assignment"),
    isMemberAway(workspace.id, user.id),
    getNotificationPreference(workspace.id, user.id),
    prisma.captureLink.findMany({
      where: { workspaceId: workspace.id },
      select: { id: true, name: true, status: true },
      orderBy: { createdAt: "asc" },
    }),
    getWorkspaceSettings(workspace.id),
  ]);
  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("description", { email: user.email, workspace: workspace.name })} />
      {mailEnabled() ? null : <Alert>{t("emailOff")}</Alert>}
      <Card title={t("card")}>
        <NotificationsForm
          action={saveNotificationsAction.bind(null, workspace.slug)}
          mode={preference.mode}
          chosenLinks={preference.links}
          whatsapp={whatsappSettings() ? (preference.whatsapp ?? "") : undefined}
          zone={zoneName(t, settings.timeZone)}
          links={links.map((link) => ({
            id: link.id,
            name: link.status === "active" ? link.name : t("revoked", { name: link.name }),
          }))}
        />
      </Card>
      <Card title={tAssignment("awayTitle")}>
        <AwayForm action={setAwayAction.bind(null, workspace.slug)} away={away} />
      </Card>
      <Card title={t("previewTitle")}>
        <DigestPreviewForm
          action={sendDigestPreviewAction.bind(null, workspace.slug)}
          email={user.email}
          disabled={!mailEnabled()}
        />
      </Card>
    </div>
  );
}

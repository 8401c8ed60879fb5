import type { Metadata } from "next";
import { NotificationsForm } from "@/components/notifications/notifications-form";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requireWorkspace } from "@/lib/auth/session";
import { getDatabase } from "@/lib/db/client";
import { mailEnabled } from "@/lib/mail/mail-config";
import { getNotificationPreference } from "@/lib/notifications/get-notification-preference";
import { saveNotificationsAction } from "./actions";

export const metadata: Metadata = { title: "Notifications" };
export const dynamic = "force-dynamic";

export default async function NotificationsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { workspace, user } = await requireWorkspace((await params).slug);
  const { prisma } = await getDatabase();
  const [preference, links] = await Promise.all([
    getNotificationPreference(workspace.id, user.id),
    prisma.captureLink.findMany({
      where: { workspaceId: workspace.id },
      select: { id: true, name: true, status: true },
      orderBy: { createdAt: "asc" },
    }),
  ]);
  const enabled = mailEnabled();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Notifications"
        description={`What you, ${user.email}, are emailed about new leads in ${workspace.name}. Each member chooses for themselves.`}
      />
      {enabled ? null : (
        <Alert>
          Email is off on this server (SMTP_URL and MAIL_FROM are not set), so no notification is sent. Your choice is kept for
          when it is turned on.
        </Alert>
      )}
      <Card title="Email me">
        <NotificationsForm
          action={saveNotificationsAction.bind(null, workspace.slug)}
          mode={preference.mode}
          chosenLinks={preference.links}
          links={links.map((link) => ({ id: link.id, name: link.status === "active" ? link.name : `${link.name} (revoked)` }))}
        />
      </Card>
    </div>
  );
}

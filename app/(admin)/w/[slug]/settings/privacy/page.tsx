import type { Metadata } from "next";
import { RetentionForm } from "@/components/privacy/retention-form";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requireWorkspace } from "@/lib/auth/session";
import { getRetentionSettings } from "@/lib/privacy/retention-settings";
import { updateRetentionAction } from "./actions";

export const metadata: Metadata = { title: "Privacy" };
export const dynamic = "force-dynamic";

/** Owners only (others get the 404 page): the workspace's retention windows (DESIGN.md section 9). */
export default async function PrivacySettingsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { workspace } = await requireWorkspace((await params).slug, "owner");
  const current = await getRetentionSettings(workspace.id);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Privacy"
        description="How long this workspace keeps personal data of its request log (LGPD: no longer than its purpose needs). Purged hourly, in small batches; counts and charts are kept."
      />
      <Card title="Retention">
        <RetentionForm action={updateRetentionAction.bind(null, workspace.slug)} current={current} />
      </Card>
      <Card title="Requests from people">
        <div className="space-y-2 text-sm text-slate-600">
          <p>
            <strong className="font-medium text-slate-800">Access:</strong> open the lead and choose “Download personal data”, or
            run <code className="font-mono text-xs">leadlink lead personal-data --workspace {workspace.slug} --email …</code>.
          </p>
          <p>
            <strong className="font-medium text-slate-800">Erasure:</strong> open the lead and choose “Erase lead”, or run{" "}
            <code className="font-mono text-xs break-all">leadlink lead erase --workspace {workspace.slug} --id …</code>.
          </p>
        </div>
      </Card>
    </div>
  );
}

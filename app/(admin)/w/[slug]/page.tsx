import { PageHeader } from "@/components/ui/page-header";
import { requireWorkspace } from "@/lib/auth/session";

export default async function DashboardPage({ params }: { params: Promise<{ slug: string }> }) {
  const { workspace } = await requireWorkspace((await params).slug);
  return <PageHeader title="Dashboard" description={`Leads arriving in ${workspace.name}.`} />;
}

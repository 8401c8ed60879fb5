import type { Metadata } from "next";
import Link from "next/link";
import { CreateLinkForm } from "@/components/links/create-link-form";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requireWorkspace } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { createLinkAction } from "../actions";

export const metadata: Metadata = { title: "New capture link" };
export const dynamic = "force-dynamic";

export default async function NewLinkPage({ params }: { params: Promise<{ slug: string }> }) {
  // Members cannot create links: for them this page does not exist.
  const { workspace } = await requireWorkspace((await params).slug, "admin");
  const basePath = `/w/${workspace.slug}/links`;
  return (
    <div className="max-w-3xl">
      <Link href={basePath} className="text-sm font-medium text-slate-500 hover:text-slate-900">
        ← Capture links
      </Link>
      <div className="mt-2">
        <PageHeader
          title="New capture link"
          description="You get its URL and ready-to-paste snippets next. Everything but the name can be changed later."
        />
      </div>
      <Card>
        <CreateLinkForm
          action={createLinkAction.bind(null, workspace.slug)}
          cancelHref={basePath}
          defaultRateLimit={env().INGEST_RATE_LIMIT}
        />
      </Card>
    </div>
  );
}

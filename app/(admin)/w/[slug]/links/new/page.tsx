import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { CreateLinkForm } from "@/components/links/create-link-form";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requireWorkspace } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { createLinkAction } from "../actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("links.new"))("title") };
}
export const dynamic = "force-dynamic";

export default async function NewLinkPage({ params }: { params: Promise<{ slug: string }> }) {
  // Members cannot create links: for them this page does not exist.
  const { workspace } = await requireWorkspace((await params).slug, "admin");
  const basePath = `/w/${workspace.slug}/links`;
  const t = await getTranslations("links");
  return (
    <div className="max-w-3xl">
      <Link href={basePath} className="text-sm font-medium text-slate-500 hover:text-slate-900">
        ← {t("title")}
      </Link>
      <div className="mt-2">
        <PageHeader title={t("new.title")} description={t("new.description")} />
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

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ButtonLink } from "@/components/ui/button";
import { StatusPage } from "@/components/ui/status-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("errors.notFound"))("title") };
}

/**
 * Every address that is nothing here, and every workspace page the signed-in user may not see: an unknown
 * workspace and another team's workspace answer the same 404, so neither reveals that the other exists.
 */
export default async function NotFound() {
  const t = await getTranslations("errors.notFound");
  return (
    <StatusPage framed status="404" title={t("title")} actions={<ButtonLink href="/">{t("goToWorkspace")}</ButtonLink>}>
      <p>{t("nothingHere")}</p>
      <p>{t("askOwner")}</p>
    </StatusPage>
  );
}

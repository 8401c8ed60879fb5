import { useTranslations } from "next-intl";
import { ButtonLink } from "@/components/ui/button";
import { CodeBlock } from "@/components/ui/code-block";
import { EmptyState } from "@/components/ui/empty-state";

/**
 * The leads page of a workspace without leads: how to get the first one. With an active capture link,
 * its curl snippet (paste it in a terminal and the lead appears here); without one, the way to create it.
 */
export function NoLeadsYet({
  link,
  linksPath,
  canManage,
}: {
  link?: { name: string; path: string; curl: string };
  linksPath: string;
  canManage: boolean;
}) {
  const t = useTranslations("leads.empty");
  if (!link) {
    return (
      <EmptyState
        title={t("title")}
        action={canManage ? <ButtonLink href={`${linksPath}/new`}>{t("createLink")}</ButtonLink> : null}
      >
        <p>{t("howLeadsArrive")}</p>
        {canManage ? null : <p className="mt-2">{t("askManager")}</p>}
      </EmptyState>
    );
  }
  return (
    <EmptyState
      title={t("title")}
      action={
        <ButtonLink href={link.path} variant="secondary">
          {t("allSnippets", { name: link.name })}
        </ButtonLink>
      }
    >
      <p>
        {t.rich("sendTest", {
          name: link.name,
          strong: (chunks) => <strong className="font-medium text-slate-700">{chunks}</strong>,
        })}
      </p>
      <div className="mt-4 text-left">
        <CodeBlock code={link.curl} label="curl" />
      </div>
    </EmptyState>
  );
}

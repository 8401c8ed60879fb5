import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AccountShell } from "@/components/account/account-shell";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { LanguageForm } from "@/components/account/language-form";
import { TimeZoneForm } from "@/components/account/time-zone-form";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requireUser } from "@/lib/auth/session";
import { findUserLocale } from "@/lib/i18n/user-locale";
import { timeZoneChoices } from "@/lib/time/time-zone-choices";
import { findUserTimeZone } from "@/lib/users/user-time-zone";
import { listUserWorkspaces } from "@/lib/workspaces/list-user-workspaces";
import { changePasswordAction } from "./actions";
import { setLanguageAction } from "./language-action";
import { setTimeZoneAction } from "./time-zone-action";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account"))("title") };
}
export const dynamic = "force-dynamic";

export default async function AccountPage() {
  const user = await requireUser();
  const [workspaces, chosenLocale, chosenZone, t, roles] = await Promise.all([
    listUserWorkspaces(user.id),
    findUserLocale(user.id),
    findUserTimeZone(user.id),
    getTranslations("account"),
    getTranslations("roles"),
  ]);
  return (
    <AccountShell
      email={user.email}
      backTo={workspaces[0] ? { href: `/w/${workspaces[0].slug}`, label: workspaces[0].name } : undefined}
    >
      <PageHeader title={t("title")} description={user.name ? `${user.name}, ${user.email}` : user.email} />
      <div className="space-y-6">
        <Card title={t("language.title")} description={t("language.description")}>
          <LanguageForm chosen={chosenLocale} action={setLanguageAction} />
        </Card>
        <Card title={t("timeZone.title")} description={t("timeZone.description")}>
          <TimeZoneForm chosen={chosenZone} zones={timeZoneChoices(chosenZone ?? "UTC")} action={setTimeZoneAction} />
        </Card>
        <Card title={t("password.title")} description={t("password.description")}>
          <ChangePasswordForm email={user.email} action={changePasswordAction} />
        </Card>
        <Card
          title={t("workspaces.title")}
          actions={
            <ButtonLink href="/workspaces/new" size="sm">
              {t("workspaces.new")}
            </ButtonLink>
          }
        >
          {workspaces.length ? (
            <ul className="divide-y divide-slate-100" aria-label={t("workspaces.title")}>
              {workspaces.map((workspace) => (
                <li key={workspace.slug} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                  <Link
                    href={`/w/${workspace.slug}`}
                    className="min-w-0 truncate text-sm font-medium text-indigo-700 hover:text-indigo-900"
                  >
                    {workspace.name}
                  </Link>
                  <span className="text-xs text-slate-500">{roles(`${workspace.role}.label`)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">{t("workspaces.none")}</p>
          )}
        </Card>
      </div>
    </AccountShell>
  );
}

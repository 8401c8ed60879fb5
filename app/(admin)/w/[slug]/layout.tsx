import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { NavLink } from "@/components/shell/nav-link";
import { ShellAside, ShellMenuButton } from "@/components/shell/shell-menu";
import { SignOutButton } from "@/components/shell/sign-out-button";
import { WorkspaceSwitcher } from "@/components/shell/workspace-switcher";
import { Brand } from "@/components/ui/brand";
import { SkipLink } from "@/components/ui/skip-link";
import { WebhooksDisabledBanner } from "@/components/webhooks/disabled-banner";
import { hasRole, renderedMemberships, requireWorkspace } from "@/lib/auth/session";
import { listDisabledEndpoints } from "@/lib/webhooks/endpoint-disabled";

/** What the phone's menu button shows and hides (components/shell/shell-menu.tsx). */
const MENU_PARTS = ["shell-menu-workspace", "shell-menu-nav"];

export default async function WorkspaceLayout({ children, params }: { children: ReactNode; params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { user, workspace, role } = await requireWorkspace(slug);
  // The same per-render list requireWorkspace found this workspace in: no statement of its own.
  const workspaces = (await renderedMemberships(user.id)).map(({ workspace: { slug, name } }) => ({ slug, name }));
  const base = `/w/${workspace.slug}`;
  const [t, roles, webhooks] = await Promise.all([getTranslations("nav"), getTranslations("roles"), getTranslations("webhooks")]);
  const canManage = hasRole(role, "admin");
  const disabledEndpoints = canManage ? await listDisabledEndpoints(workspace.id) : [];

  return (
    <div className="min-h-screen lg:flex">
      <SkipLink />
      <ShellAside className="relative border-b border-slate-200 bg-white lg:sticky lg:top-0 lg:flex lg:h-screen lg:w-60 lg:shrink-0 lg:flex-col lg:border-b-0 lg:border-r">
        <div className="px-4 pt-3 pb-2 lg:py-4">
          <div className="flex items-center justify-between gap-3 pr-56 md:pr-40 lg:pr-0">
            <a href={base}>
              <Brand />
            </a>
          </div>
          <div className="mt-2 flex min-w-0 items-baseline gap-2 lg:mt-3 lg:block">
            <p className="shrink-0 text-xs font-medium uppercase tracking-wide text-slate-500">{t("workspace")}</p>
            <p className="min-w-0 truncate text-sm font-medium text-slate-800" data-testid="workspace-name">
              {workspace.name}
            </p>
          </div>
          <div id="shell-menu-workspace" className="hidden group-data-menu-open:block md:block">
            <WorkspaceSwitcher current={workspace.slug} workspaces={workspaces} />
            <Link href="/workspaces/new" className="mt-2 inline-block text-xs font-medium text-indigo-700 hover:text-indigo-900">
              + {t("newWorkspace")}
            </Link>
          </div>
        </div>
        {/* Behind the menu button on a phone (a column); from md up one row that wraps rather than scrolls sideways. */}
        <nav
          id="shell-menu-nav"
          aria-label={t("workspace")}
          className="hidden flex-col gap-1 px-2 pb-2 group-data-menu-open:flex md:flex md:flex-row md:flex-wrap lg:flex-1 lg:flex-col lg:flex-nowrap"
        >
          <NavLink href={base} exact>
            {t("dashboard")}
          </NavLink>
          <NavLink href={`${base}/leads`}>{t("leads")}</NavLink>
          <NavLink href={`${base}/campaigns`}>{t("campaigns")}</NavLink>
          <NavLink href={`${base}/links`}>{t("links")}</NavLink>
          <NavLink href={`${base}/fields`}>{t("fields")}</NavLink>
          <NavLink href={`${base}/members`}>{t("members")}</NavLink>
          {canManage ? <NavLink href={`${base}/webhooks`}>{webhooks("nav")}</NavLink> : null}
          <NavLink href={`${base}/notifications`}>{t("notifications")}</NavLink>
          {hasRole(role, "admin") ? <NavLink href={`${base}/settings/workspace`}>{t("settings")}</NavLink> : null}
          {role === "owner" ? <NavLink href={`${base}/settings/privacy`}>{t("privacy")}</NavLink> : null}
          {role === "owner" ? <NavLink href={`${base}/audit`}>{t("audit")}</NavLink> : null}
          {hasRole(role, "admin") ? <NavLink href={`${base}/api-keys`}>{t("apiKeys")}</NavLink> : null}
        </nav>
        <div className="hidden items-center justify-between gap-2 border-t border-slate-200 px-4 py-3 lg:flex">
          <div className="min-w-0">
            <Link
              href="/account"
              title={t("yourAccount")}
              className="block truncate text-xs font-medium text-slate-700 hover:text-slate-900"
            >
              <span className="sr-only">{t("yourAccount")}: </span>
              {user.name ?? user.email}
            </Link>
            <p className="text-xs text-slate-500">{roles(`${role}.label`)}</p>
          </div>
          <SignOutButton />
        </div>
        {/* On a phone the account sits in the top bar (last in the document: the sidebar's own comes first). */}
        <div className="absolute top-3 right-3 flex items-center gap-1 lg:hidden">
          <Link
            href="/account"
            className="rounded-md px-2 py-1 text-xs font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            {t("account")}
          </Link>
          <SignOutButton />
          <ShellMenuButton label={t("menu")} controls={MENU_PARTS} />
        </div>
        {/* Without JavaScript the button cannot open the menu: what it folds stays out, as from md up. */}
        <noscript>
          <style>
            {"#shell-menu-workspace{display:block}#shell-menu-nav{display:flex}[aria-controls^=shell-menu]{display:none}"}
          </style>
        </noscript>
      </ShellAside>
      <main id="content" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none sm:px-6 lg:px-10 lg:py-8">
        <div className="mx-auto max-w-6xl">
          <WebhooksDisabledBanner endpoints={disabledEndpoints} basePath={`${base}/webhooks`} />
          {children}
        </div>
      </main>
    </div>
  );
}

import Link from "next/link";
import type { ReactNode } from "react";
import { NavLink } from "@/components/shell/nav-link";
import { SignOutButton } from "@/components/shell/sign-out-button";
import { WorkspaceSwitcher } from "@/components/shell/workspace-switcher";
import { requireWorkspace } from "@/lib/auth/session";
import { getDatabase } from "@/lib/db/client";

export default async function WorkspaceLayout({ children, params }: { children: ReactNode; params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { user, workspace, role } = await requireWorkspace(slug);
  const { prisma } = await getDatabase();
  const workspaces = await prisma.workspace.findMany({
    where: { memberships: { some: { userId: user.id } } },
    select: { slug: true, name: true },
    orderBy: { name: "asc" },
  });
  const base = `/w/${workspace.slug}`;

  return (
    <div className="min-h-screen lg:flex">
      <aside className="border-b border-slate-200 bg-white lg:sticky lg:top-0 lg:flex lg:h-screen lg:w-60 lg:shrink-0 lg:flex-col lg:border-b-0 lg:border-r">
        <div className="px-4 py-4">
          <a href={base} className="flex items-center gap-2 text-lg font-semibold tracking-tight text-slate-900">
            <span aria-hidden className="grid size-7 place-items-center rounded-md bg-indigo-600 text-sm text-white">L</span>
            Leadlink
          </a>
          <p className="mt-3 truncate text-xs font-medium uppercase tracking-wide text-slate-400">Workspace</p>
          <p className="truncate text-sm font-medium text-slate-800" data-testid="workspace-name">{workspace.name}</p>
          <WorkspaceSwitcher current={workspace.slug} workspaces={workspaces} />
          <Link href="/workspaces/new" className="mt-2 inline-block text-xs font-medium text-indigo-700 hover:text-indigo-900">
            + New workspace
          </Link>
        </div>
        <nav aria-label="Workspace" className="flex gap-1 overflow-x-auto px-2 pb-2 lg:flex-1 lg:flex-col lg:overflow-visible">
          <NavLink href={base} exact>Dashboard</NavLink>
          <NavLink href={`${base}/leads`}>Leads</NavLink>
          <NavLink href={`${base}/links`}>Capture links</NavLink>
          <NavLink href={`${base}/fields`}>Custom fields</NavLink>
          <NavLink href={`${base}/members`}>Members</NavLink>
        </nav>
        <div className="hidden items-center justify-between gap-2 border-t border-slate-200 px-4 py-3 lg:flex">
          <div className="min-w-0">
            <Link href="/account" title="Your account" className="block truncate text-xs font-medium text-slate-700 hover:text-slate-900">
              <span className="sr-only">Your account: </span>
              {user.name ?? user.email}
            </Link>
            <p className="text-xs capitalize text-slate-400">{role}</p>
          </div>
          <SignOutButton />
        </div>
      </aside>
      <main className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-10 lg:py-8">
        <div className="mx-auto max-w-6xl">{children}</div>
        <div className="mt-10 flex items-center justify-end gap-2 lg:hidden">
          <Link href="/account" className="rounded-md px-2 py-1 text-xs font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-900">
            Your account
          </Link>
          <SignOutButton />
        </div>
      </main>
    </div>
  );
}

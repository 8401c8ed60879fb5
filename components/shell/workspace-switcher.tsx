"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";

export function WorkspaceSwitcher({ current, workspaces }: { current: string; workspaces: { slug: string; name: string }[] }) {
  const router = useRouter();
  const t = useTranslations("nav");
  if (workspaces.length < 2) return null;
  return (
    <label className="mt-2 block">
      <span className="sr-only">{t("switchWorkspace")}</span>
      <select
        value={current}
        onChange={(event) => router.push(`/w/${event.target.value}`)}
        className="block w-full rounded-md border-0 bg-slate-50 py-1.5 pl-2 pr-8 text-xs text-slate-700 ring-1 ring-inset ring-slate-200"
      >
        {workspaces.map((workspace) => (
          <option key={workspace.slug} value={workspace.slug}>
            {workspace.name}
          </option>
        ))}
      </select>
    </label>
  );
}

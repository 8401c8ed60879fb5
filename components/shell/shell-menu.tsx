"use client";

import clsx from "clsx";
import { usePathname } from "next/navigation";
import { type ComponentProps, createContext, useContext, useEffect, useState } from "react";

/**
 * The admin shell's menu on a phone: below `md` the workspace tools and the sections fold behind one "Menu"
 * button (ten links wrapped into four rows above every page's content). The sidebar carries the state as
 * `data-menu-open`, and what folds says so in its own classes (`hidden group-data-menu-open:flex md:flex`),
 * so from `md` up nothing changes.
 */
const MenuContext = createContext<{ open: boolean; toggle: () => void } | undefined>(undefined);

export function ShellAside({ className, children, ...props }: ComponentProps<"aside">) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  // A link in the menu navigates without a full load: the next page starts with the menu folded.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation; the pathname is the trigger
  useEffect(() => setOpen(false), [pathname]);
  return (
    <MenuContext value={{ open, toggle: () => setOpen((value) => !value) }}>
      <aside className={clsx("group", className)} data-menu-open={open ? "" : undefined} {...props}>
        {children}
      </aside>
    </MenuContext>
  );
}

/** `controls`: the ids of what it shows and hides. */
export function ShellMenuButton({ label, controls }: { label: string; controls: string[] }) {
  const menu = useContext(MenuContext);
  return (
    <button
      type="button"
      aria-expanded={menu?.open ?? false}
      aria-controls={controls.join(" ")}
      onClick={menu?.toggle}
      className="flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100 hover:text-slate-900 md:hidden"
    >
      <svg aria-hidden viewBox="0 0 16 16" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="1.75">
        <path d={menu?.open ? "M4 4l8 8M12 4l-8 8" : "M2.5 4h11M2.5 8h11M2.5 12h11"} />
      </svg>
      {label}
    </button>
  );
}

"use client";

import clsx from "clsx";
import { useTranslations } from "next-intl";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { CodeBlock } from "@/components/ui/code-block";

export interface Snippet {
  key: string;
  tab: string;
  label: string;
  code: string;
  description: string;
}

/** Ready-to-paste snippets as tabs (WAI-ARIA tabs pattern: arrow keys move between tabs). */
export function SnippetTabs({ snippets }: { snippets: Snippet[] }) {
  const t = useTranslations("links.detail.snippets");
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();

  function onKeyDown(event: KeyboardEvent) {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: snippets.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + snippets.length) % snippets.length;
    setSelected(next);
    tabs.current[next]?.focus();
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={t("title")}
        // Five tabs are wider than a phone: there they wrap as pills, every one in sight (a row that scrolled
        // sideways cut the last ones off with no hint); from sm up, one underlined row.
        className="flex flex-wrap gap-1 sm:flex-nowrap sm:overflow-x-auto sm:overflow-y-hidden sm:border-b sm:border-slate-200"
        onKeyDown={onKeyDown}
      >
        {snippets.map((snippet, index) => (
          <button
            key={snippet.key}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${snippet.key}`}
            aria-selected={index === selected}
            aria-controls={`${id}-panel-${snippet.key}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
            className={clsx(
              "shrink-0 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:-mb-px sm:rounded-none sm:border-b-2 sm:py-2",
              index === selected
                ? "bg-indigo-50 text-indigo-700 sm:border-indigo-600 sm:bg-transparent"
                : "text-slate-600 ring-1 ring-slate-200 ring-inset hover:bg-slate-100 hover:text-slate-800 sm:border-transparent sm:ring-0 sm:hover:border-slate-300 sm:hover:bg-transparent",
            )}
          >
            {snippet.tab}
          </button>
        ))}
      </div>
      {snippets.map((snippet, index) => (
        <div
          key={snippet.key}
          role="tabpanel"
          id={`${id}-panel-${snippet.key}`}
          aria-labelledby={`${id}-tab-${snippet.key}`}
          hidden={index !== selected}
          data-snippet={snippet.key}
          className="pt-4"
        >
          <p className="mb-3 text-sm text-slate-500">{snippet.description}</p>
          <CodeBlock code={snippet.code} label={snippet.label} />
        </div>
      ))}
    </div>
  );
}

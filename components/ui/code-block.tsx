import { CopyButton } from "./copy-button";
import { ScrollablePre } from "./scrollable-pre";

export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <figure className="overflow-hidden rounded-lg bg-slate-900 ring-1 ring-slate-800">
      <figcaption className="flex items-center justify-between border-b border-slate-800 px-4 py-2 text-xs font-medium text-slate-300">
        <span>{label}</span>
        <CopyButton value={code} />
      </figcaption>
      <ScrollablePre label={label} className="overflow-x-auto p-4 text-xs leading-relaxed text-slate-100">
        <code>{code}</code>
      </ScrollablePre>
    </figure>
  );
}

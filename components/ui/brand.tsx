/** The product's mark and name, as every page's header shows it; the caller decides whether it is a link. */
export function Brand({ size = "sm" }: { size?: "sm" | "lg" }) {
  const large = size === "lg";
  return (
    <span className={`flex items-center gap-2 font-semibold tracking-tight text-slate-900 ${large ? "text-xl" : "text-lg"}`}>
      <span
        aria-hidden
        className={`grid place-items-center rounded-md bg-indigo-600 text-white ${large ? "size-8" : "size-7 text-sm"}`}
      >
        L
      </span>
      Leadlink
    </span>
  );
}

import type { ComponentProps } from "react";

/**
 * A `<pre>` that may scroll (a long body, a long line): a keyboard must be able to scroll it too (WCAG 2.1.1),
 * so it is a Tab stop, and a named region so a screen reader says what that stop holds.
 */
export function ScrollablePre({ label, ...props }: { label: string } & Omit<ComponentProps<"pre">, "tabIndex" | "role">) {
  return (
    // biome-ignore lint/a11y: a <pre> keeps its whitespace (a <section> would not), and the Tab stop is the point
    <pre tabIndex={0} role="region" aria-label={label} {...props} />
  );
}

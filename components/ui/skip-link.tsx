import { useTranslations } from "next-intl";

/**
 * The first stop of the Tab key on every admin and sign-in page: it jumps past the brand and the navigation to
 * `<main id="content" tabIndex={-1}>` (WCAG 2.4.1, bypass blocks). Hidden until focused, then shown on top.
 */
export function SkipLink() {
  const t = useTranslations("common");
  return (
    <a
      href="#content"
      data-testid="skip-link"
      className="sr-only rounded-md bg-white px-3 py-2 text-sm font-medium text-indigo-700 shadow-md ring-2 ring-indigo-600 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
    >
      {t("skipToContent")}
    </a>
  );
}

// Issue 24 (item C): the privacy settings warn when IPs and user agents are kept less than the six months
// Brazil's Marco Civil da Internet (art. 15) asks of access logs; rendered with React's server renderer.
import { NextIntlClientProvider } from "next-intl";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RetentionForm } from "@/components/privacy/retention-form";
import { CATALOGUES } from "../support/catalogues";

function render(locale: "en" | "pt-BR", requestMetaDays: number): string {
  const form = createElement(RetentionForm, {
    action: async () => ({}),
    current: { rejectedPayloadDays: 30, requestMetaDays, webhookAttemptDays: 30 },
  });
  return renderToStaticMarkup(
    // The provider's props type wants children among them; createElement passes them as its third argument.
    createElement(NextIntlClientProvider, { locale, messages: CATALOGUES[locale], timeZone: "UTC" } as never, form),
  );
}

describe("the retention form", () => {
  it("warns below 180 days of IPs and user agents, in the viewer's language", () => {
    expect(render("pt-BR", 90)).toContain("Marco Civil da Internet (art. 15)");
    expect(render("pt-BR", 90)).toContain('data-testid="marco-civil-warning"');
    expect(render("en", 179)).toContain("six months");
  });

  it("says nothing at 180 days or more", () => {
    expect(render("pt-BR", 180)).not.toContain("marco-civil-warning");
    expect(render("en", 365)).not.toContain("marco-civil-warning");
  });
});

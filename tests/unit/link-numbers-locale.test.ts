// Issue 24 (item C): numbers a link's settings show people follow their language: the rate limit
// ("5.000 por hora", not "5000/hour") and the captcha's minimum score ("0,5" in pt-BR, as its hint says), and
// the score typed with a comma is read back. Rendered with React's server renderer.
import { NextIntlClientProvider } from "next-intl";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormCaptureFields, NO_FORM_CAPTURE } from "@/components/links/form-capture-fields";
import { useRateLabel } from "@/components/links/use-rate-label";
import { readLinkSettingsForm } from "@/lib/links/link-form";
import { RateLimitSetting } from "@/lib/validation/rate";
import { CATALOGUES } from "../support/catalogues";

function render(locale: "en" | "pt-BR", node: ReactNode): string {
  return renderToStaticMarkup(
    createElement(NextIntlClientProvider, { locale, messages: CATALOGUES[locale], timeZone: "UTC" } as never, node),
  );
}

function Rates({ settings }: { settings: string[] }) {
  const rate = useRateLabel();
  return createElement("p", null, settings.map(rate).join(" | "));
}

describe("a link's rate limit", () => {
  it("reads as a count per unit in the viewer's language", () => {
    const settings = ["5000/hour", "120/min", "10/s", "off"];
    expect(render("pt-BR", createElement(Rates, { settings }))).toContain(
      "5.000 por hora | 120 por minuto | 10 por segundo | Sem limite",
    );
    expect(render("en", createElement(Rates, { settings }))).toContain(
      "5,000 per hour | 120 per minute | 10 per second | No limit",
    );
  });

  it("takes the units as a Portuguese-speaking admin writes them", () => {
    expect(render("pt-BR", createElement(Rates, { settings: ["5000/hora", "120/minuto", "10/seg"] }))).toContain(
      "5.000 por hora | 120 por minuto | 10 por segundo",
    );
    expect(RateLimitSetting.parse(" 5000/Hora ")).toBe("5000/hora");
  });
});

describe("the captcha's minimum score", () => {
  it("uses the language's decimal separator in its placeholder and stored value", () => {
    const pt = render("pt-BR", createElement(FormCaptureFields, { defaults: { ...NO_FORM_CAPTURE, captchaMinScore: "0.7" } }));
    expect(pt).toContain('placeholder="0,5"');
    expect(pt).toContain('value="0,7"');
    const en = render("en", createElement(FormCaptureFields, { defaults: NO_FORM_CAPTURE }));
    expect(en).toContain('placeholder="0.5"');
  });

  it('is read back from "0,5" as from "0.5"', () => {
    for (const typed of ["0,5", "0.5", " 0,5 "]) {
      const form = new FormData();
      form.set("captchaProvider", "recaptcha");
      form.set("captchaMinScore", typed);
      expect(readLinkSettingsForm(form).captchaMinScore).toBe(0.5);
    }
  });
});

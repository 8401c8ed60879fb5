import type { LinkInput, LinkSettings } from "./link-input";

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** One origin per line; commas and spaces also separate, since people paste lists in every shape. */
export function readLines(value: string): string[] {
  return value
    .split(/[\s,]+/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/** The link settings form's fields as LinkSettings expects them (the schema does the validating). */
export function readLinkSettingsForm(form: FormData): LinkSettings {
  return {
    allowedOrigins: readLines(text(form, "allowedOrigins")),
    rateLimit: text(form, "rateLimit"),
    honeypotField: text(form, "honeypotField"),
    // An unticked checkbox sends nothing: absent means off.
    requireIdentity: text(form, "requireIdentity") === "on",
    requireConsent: text(form, "requireConsent") === "on",
    ...readFormCaptureFields(form),
  };
}

/**
 * The HTML form and captcha inputs. The secret box is never filled in by the page (the secret stays on the
 * server): empty keeps the stored one, unless the captcha is turned off, which forgets it.
 */
function readFormCaptureFields(form: FormData): Partial<LinkSettings> {
  const provider = text(form, "captchaProvider");
  const secret = text(form, "captchaSecret");
  const siteKey = text(form, "captchaSiteKey");
  const score = text(form, "captchaMinScore").trim().replace(",", ".");
  return {
    acceptForms: text(form, "acceptForms") === "on",
    successUrl: text(form, "successUrl"),
    errorUrl: text(form, "errorUrl"),
    captchaProvider: provider,
    ...(provider === "" ? { captchaSecret: null } : secret.trim() !== "" ? { captchaSecret: secret } : {}),
    // The site key is public: the page shows it, so the box always holds the value to save.
    captchaSiteKey: provider === "" ? null : siteKey,
    captchaMinScore: score === "" ? null : Number(score),
    captchaAcceptOnOutage: text(form, "captchaAcceptOnOutage") === "on",
  };
}

export function readLinkForm(form: FormData): LinkInput {
  return { name: text(form, "name"), ...readLinkSettingsForm(form), ...readSourceForm(form) };
}

/** The source select and the chosen source's boxes (components/links/source-fields.tsx); Google's key is generated. */
function readSourceForm(form: FormData): Pick<LinkInput, "source" | "sourceSettings"> {
  const source = text(form, "source") || "json";
  const setting = (name: string) => text(form, `sourceSettings.${name}`);
  switch (source) {
    case "json":
      return { source: "json" };
    case "meta_lead_ads":
      return {
        source,
        sourceSettings: {
          appSecret: setting("appSecret"),
          pageAccessToken: setting("pageAccessToken"),
          verifyToken: setting("verifyToken"),
        },
      };
    case "mapping":
      return {
        source,
        sourceSettings: {
          preset: setting("preset") || null,
          expression: setting("expression"),
          signingSecret: setting("signingSecret").trim() || null,
        },
      };
    default:
      return { source: source as LinkInput["source"], sourceSettings: {} };
  }
}

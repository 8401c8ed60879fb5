import type { CaptchaProvider } from "@/lib/links/form-settings";

/**
 * The captcha providers' browser widgets (DESIGN.md section 12): the one script of another host the hosted form
 * loads, and the origins its Content-Security-Policy then allows, exactly those of the link's provider, as each
 * provider documents them (Turnstile: challenges.cloudflare.com; hCaptcha: hcaptcha.com and its subdomains;
 * reCAPTCHA: www.google.com, www.gstatic.com, recaptcha.google.com).
 */
export const WIDGET_ORIGINS: Record<CaptchaProvider, readonly string[]> = {
  turnstile: ["https://challenges.cloudflare.com"],
  hcaptcha: ["https://hcaptcha.com", "https://*.hcaptcha.com"],
  recaptcha: ["https://www.google.com", "https://www.gstatic.com", "https://recaptcha.google.com"],
};

/** The form field each widget fills with its response token, which checkCaptcha reads. */
export const WIDGET_RESPONSE_FIELDS: Record<CaptchaProvider, string> = {
  turnstile: "cf-turnstile-response",
  hcaptcha: "h-captcha-response",
  recaptcha: "g-recaptcha-response",
};

/**
 * The widget's script. Turnstile and hCaptcha are rendered explicitly (components/hosted-form/hosted-captcha.tsx),
 * in the form's language where the provider takes one; reCAPTCHA v3 with the site key it runs for.
 */
export function widgetScriptUrl(provider: CaptchaProvider, siteKey: string, language: string): string {
  switch (provider) {
    case "turnstile":
      return "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";
    case "hcaptcha":
      return `https://js.hcaptcha.com/1/api.js?render=explicit&hl=${encodeURIComponent(language)}`;
    case "recaptcha":
      return `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}&hl=${encodeURIComponent(language)}`;
  }
}

export function isCaptchaProvider(value: string | null | undefined): value is CaptchaProvider {
  return value === "turnstile" || value === "hcaptcha" || value === "recaptcha";
}

/** The directives a widget needs: its script, its challenge frame, its calls home and (hCaptcha) its styles. */
const WIDGET_DIRECTIVES = ["script-src", "frame-src", "connect-src", "style-src"] as const;

/**
 * A page's Content-Security-Policy with the provider's origins added to the directives its widget needs
 * (a directive the policy lacks starts from 'self'); nothing else from outside.
 */
export function policyWithWidget(policy: string, provider: CaptchaProvider): string {
  const origins = WIDGET_ORIGINS[provider].join(" ");
  const directives = policy
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean);
  for (const name of WIDGET_DIRECTIVES) {
    const index = directives.findIndex((directive) => directive.split(/\s+/)[0] === name);
    if (index === -1) directives.push(`${name} 'self' ${origins}`);
    else directives[index] = `${directives[index]} ${origins}`;
  }
  return directives.join("; ");
}

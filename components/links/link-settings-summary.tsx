import { useTranslations } from "next-intl";
import type { CaptureLinkSummary } from "@/lib/links/capture-link";

/** A link's settings as members (who cannot change them) see them. */
export function LinkSettingsSummary({ link, defaultRateLimit }: { link: CaptureLinkSummary; defaultRateLimit: string }) {
  const t = useTranslations("forms.summary");
  const captcha = [
    link.captchaProvider,
    link.captchaProvider === "recaptcha" ? t("minScore", { score: link.captchaMinScore ?? 0.5 }) : null,
    link.captchaAcceptOnOutage ? t("acceptOnOutage") : null,
  ]
    .filter(Boolean)
    .join("; ");
  return (
    <dl className="space-y-3 text-sm">
      <div>
        <dt className="font-medium text-slate-700">Allowed origins</dt>
        <dd className="mt-0.5 text-slate-600">
          {link.allowedOrigins.length === 0 ? (
            "Any website"
          ) : (
            <ul className="font-mono text-xs">
              {link.allowedOrigins.map((origin) => (
                <li key={origin}>{origin}</li>
              ))}
            </ul>
          )}
        </dd>
      </div>
      <div>
        <dt className="font-medium text-slate-700">Rate limit</dt>
        <dd className="mt-0.5 text-slate-600">{link.rateLimit ?? `Server default (${defaultRateLimit})`}</dd>
      </div>
      <div>
        <dt className="font-medium text-slate-700">Honeypot field</dt>
        <dd className="mt-0.5 text-slate-600">
          {link.honeypotField ? <code className="font-mono text-xs">{link.honeypotField}</code> : "None"}
        </dd>
      </div>
      <div>
        <dt className="font-medium text-slate-700">Require identity</dt>
        <dd className="mt-0.5 text-slate-600">
          {link.requireIdentity
            ? "Yes: requests without a name, email or telephone are refused"
            : "No: such requests make an unnamed lead"}
        </dd>
      </div>
      <div>
        <dt className="font-medium text-slate-700">{t("formPosts")}</dt>
        <dd className="mt-0.5 break-all text-slate-600">
          {link.acceptForms
            ? t("formPostsOn", {
                success: link.successUrl ?? t("builtInThanks"),
                error: link.errorUrl ?? t("builtInError"),
              })
            : t("formPostsOff")}
        </dd>
      </div>
      <div>
        <dt className="font-medium text-slate-700">{t("captcha")}</dt>
        <dd className="mt-0.5 text-slate-600">{link.captchaProvider ? captcha : t("captchaNone")}</dd>
      </div>
    </dl>
  );
}

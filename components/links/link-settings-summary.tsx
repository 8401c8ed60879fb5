import { useTranslations } from "next-intl";
import type { CaptureLinkSummary } from "@/lib/links/capture-link";
import { useRateLabel } from "./use-rate-label";

/** A link's settings as members (who cannot change them) see them. */
export function LinkSettingsSummary({ link, defaultRateLimit }: { link: CaptureLinkSummary; defaultRateLimit: string }) {
  const t = useTranslations("links.form");
  const tf = useTranslations("forms.summary");
  const rate = useRateLabel();
  const captcha = [
    link.captchaProvider,
    link.captchaProvider === "recaptcha" ? tf("minScore", { score: link.captchaMinScore ?? 0.5 }) : null,
    link.captchaAcceptOnOutage ? tf("acceptOnOutage") : null,
  ]
    .filter(Boolean)
    .join("; ");
  return (
    <dl className="space-y-3 text-sm">
      <div>
        <dt className="font-medium text-slate-700">{t("origins")}</dt>
        <dd className="mt-0.5 text-slate-600">
          {link.allowedOrigins.length === 0 ? (
            t("anyWebsite")
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
        <dt className="font-medium text-slate-700">{t("rateLimit")}</dt>
        <dd className="mt-0.5 text-slate-600">
          {link.rateLimit ? rate(link.rateLimit) : t("serverDefault", { default: rate(defaultRateLimit) })}
        </dd>
      </div>
      <div>
        <dt className="font-medium text-slate-700">{t("honeypot")}</dt>
        <dd className="mt-0.5 text-slate-600">
          {link.honeypotField ? <code className="font-mono text-xs">{link.honeypotField}</code> : t("none")}
        </dd>
      </div>
      <div>
        <dt className="font-medium text-slate-700">{t("requireIdentity")}</dt>
        <dd className="mt-0.5 text-slate-600">{link.requireIdentity ? t("requireIdentityOn") : t("requireIdentityOff")}</dd>
      </div>
      <div>
        <dt className="font-medium text-slate-700">{t("requireConsent")}</dt>
        <dd className="mt-0.5 text-slate-600">{link.requireConsent ? t("requireConsentOn") : t("requireConsentOff")}</dd>
      </div>
      <div>
        <dt className="font-medium text-slate-700">{tf("formPosts")}</dt>
        <dd className="mt-0.5 break-all text-slate-600">
          {link.acceptForms
            ? tf("formPostsOn", {
                success: link.successUrl ?? tf("builtInThanks"),
                error: link.errorUrl ?? tf("builtInError"),
              })
            : tf("formPostsOff")}
        </dd>
      </div>
      <div>
        <dt className="font-medium text-slate-700">{tf("captcha")}</dt>
        <dd className="mt-0.5 text-slate-600">{link.captchaProvider ? captcha : tf("captchaNone")}</dd>
      </div>
    </dl>
  );
}

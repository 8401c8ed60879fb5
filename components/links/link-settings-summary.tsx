import type { CaptureLinkSummary } from "@/lib/links/capture-link";

/** A link's settings as members (who cannot change them) see them. */
export function LinkSettingsSummary({ link, defaultRateLimit }: { link: CaptureLinkSummary; defaultRateLimit: string }) {
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
        <dt className="font-medium text-slate-700">HTML form posts</dt>
        <dd className="mt-0.5 break-all text-slate-600">
          {link.acceptForms
            ? `Accepted; visitors go to ${link.successUrl ?? "Leadlink's thank-you page"} (errors: ${link.errorUrl ?? "Leadlink's error page"})`
            : "Off: JSON only"}
        </dd>
      </div>
      <div>
        <dt className="font-medium text-slate-700">Captcha</dt>
        <dd className="mt-0.5 text-slate-600">
          {link.captchaProvider
            ? `${link.captchaProvider}${link.captchaProvider === "recaptcha" ? `, minimum score ${link.captchaMinScore ?? 0.5}` : ""}${link.captchaAcceptOnOutage ? "; accepted unverified while the provider is down" : ""}`
            : "None"}
        </dd>
      </div>
    </dl>
  );
}

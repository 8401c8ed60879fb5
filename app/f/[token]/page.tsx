import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { HostedFormCard } from "@/components/hosted-form/hosted-form-card";
import { HostedFormView } from "@/components/hosted-form/hosted-form-view";
import { PublicPageFrame } from "@/components/ui/public-page-frame";
import { widgetScriptUrl } from "@/lib/capture/captcha/captcha-widget";
import { loadHostedForm } from "@/lib/capture/hosted-form/load-hosted-form";
import { carriedValues, viewBeaconScript } from "@/lib/capture/hosted-form/page-inputs";
import { getDatabase } from "@/lib/db/client";
import { sendHostedForm } from "./actions";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

async function formOf(props: Props) {
  const { token } = await props.params;
  return loadHostedForm(await getDatabase(), token);
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const form = await formOf(props);
  if (!form) return { robots: { index: false } };
  const title = form.status === "revoked" ? form.words.closedTitle : form.title;
  return { title: { absolute: title }, robots: { index: false } };
}

function nonceOf(csp: string | null): string | undefined {
  return csp?.match(/'nonce-([^']+)'/)?.[1];
}

/**
 * GET /f/<token>: the link's hosted form (DESIGN.md section 12), server-rendered in the form's language.
 * A revoked link shows that the form is closed; proxy.ts answers that page with 410.
 */
export default async function HostedFormPage(props: Props) {
  const form = await formOf(props);
  if (!form) notFound();
  const query = await props.searchParams;
  const requestHeaders = await headers();
  if (form.status === "revoked") {
    return (
      <PublicPageFrame lang={form.language}>
        <HostedFormCard form={form}>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900" data-testid="hosted-form-closed">
            {form.words.closedTitle}
          </h1>
          <p className="mt-3 text-slate-700">{form.words.closedBody(form.workspaceName)}</p>
        </HostedFormCard>
      </PublicPageFrame>
    );
  }
  const carried = carriedValues(form.token, query, requestHeaders.get("referer"));
  const nonce = nonceOf(requestHeaders.get("content-security-policy"));
  return (
    <PublicPageFrame lang={form.language}>
      <HostedFormCard form={form}>
        <HostedFormView
          action={sendHostedForm.bind(null, form.token)}
          form={{
            language: form.language,
            title: form.title,
            description: form.description,
            fields: form.fields,
            consent: form.consent,
            submitLabel: form.submitLabel,
            theme: form.theme,
            honeypotField: form.honeypotField,
            captcha: form.captcha,
          }}
          words={{
            required: form.words.required,
            choose: form.words.choose,
            leaveEmpty: form.words.leaveEmpty,
            sentTitle: form.words.sentTitle,
            back: form.words.back,
            purposes: form.consent?.purposes.length ? form.words.purposes(form.consent.purposes.join(", ")) : "",
            summaryOne: form.words.errorSummary(1),
            summaryMany: form.words.errorSummary(2).replace("2", "{count}"),
            captcha: form.words.captcha,
            captchaNeedsScript: form.words.captchaNeedsScript,
          }}
          carried={carried}
        />
      </HostedFormCard>
      {form.captcha ? (
        // The one asset of another host (DESIGN.md section 12); the CSP allows this provider's origins only.
        <script nonce={nonce} src={widgetScriptUrl(form.captcha.provider, form.captcha.siteKey, form.language)} async defer />
      ) : null}
      {/* One view per page load, from the browser: prefetches and link previews run no script (docs/forms.md). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own script; the token matches cl_[0-9A-Za-z]{22} and is JSON-encoded. */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: viewBeaconScript(form.token) }} />
    </PublicPageFrame>
  );
}

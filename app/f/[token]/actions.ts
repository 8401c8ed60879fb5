"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { HostedFormState } from "@/lib/capture/hosted-form/hosted-form-state";
import { loadHostedForm } from "@/lib/capture/hosted-form/load-hosted-form";
import { submitHostedForm } from "@/lib/capture/hosted-form/submit-hosted-form";
import { getDatabase } from "@/lib/db/client";

/**
 * The hosted form's post (bound to the link's token by the page). Works without JavaScript: the browser posts
 * the form to the page, and the page answers with itself and this state (errors beside the fields, values
 * kept), or the success message, or a 303 to the form's success URL.
 */
export async function sendHostedForm(token: string, _previous: HostedFormState, data: FormData): Promise<HostedFormState> {
  const form = await loadHostedForm(await getDatabase(), token);
  if (!form) return { status: "refused", code: "capture_link_not_found", problem: "", errors: [], values: {} };
  const entries = [...data.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string");
  const outcome = await submitHostedForm(form, entries, await headers());
  if ("redirectTo" in outcome) redirect(outcome.redirectTo);
  return outcome.state;
}

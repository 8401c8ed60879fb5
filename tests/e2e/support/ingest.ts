import type { RunningServer } from "./server";

/** What a POST to a capture link came back with: an HTTP answer, or the network error instead of one. */
export type Answer =
  | { status: number; body: Record<string, any>; retryAfter: string | null; contentType: string }
  | { status: "network_error"; error: string };

/** How long one request may take before the test calls it hung (generous: two shared cores). */
const REQUEST_TIMEOUT_MS = 60_000;

/** POSTs a lead as JSON to a server's capture link; never throws: network errors are answers too. */
export async function postLead(
  server: Pick<RunningServer, "url">,
  token: string,
  lead: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  try {
    const response = await fetch(`${server.url}/ingest/${token}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(lead),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    let body: Record<string, any>;
    try {
      body = JSON.parse(text) as Record<string, any>;
    } catch {
      body = { unparsed: text.slice(0, 500) };
    }
    return {
      status: response.status,
      body,
      retryAfter: response.headers.get("retry-after"),
      contentType: response.headers.get("content-type") ?? "",
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { status: "network_error", error: cause?.code ?? (error as Error).name ?? String(error) };
  }
}

/** Answers counted by status ("network_error" for requests that got none). */
export function tally(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) counts[String(answer.status)] = (counts[String(answer.status)] ?? 0) + 1;
  return counts;
}

export function isSuccess(answer: Answer): answer is Extract<Answer, { body: unknown }> {
  return typeof answer.status === "number" && answer.status >= 200 && answer.status < 300;
}

export function serverErrors(answers: Answer[]): Answer[] {
  return answers.filter((answer) => typeof answer.status === "number" && answer.status >= 500);
}

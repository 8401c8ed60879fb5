import { timingSafeEqual } from "node:crypto";
import { metaSettings } from "@/lib/channels/meta-fetch/meta-settings";
import { queueMetaFetches } from "@/lib/channels/meta-fetch/queue-meta-fetches";
import { AppError } from "@/lib/errors";
import { requestMeta } from "@/lib/http/request-meta";
import type { SourceAdapter, SourceAnswer } from "../source-adapter";
import { readMetaWebhook } from "./read-meta-webhook";
import { verifyMetaSignature } from "./verify-meta-signature";

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Meta Lead Ads (DESIGN.md section 15). Meta's webhook names leads without their answers: each `leadgen_id` is
 * queued for a Graph API fetch through the outbox's runner (lib/channels/meta-fetch), and the webhook is answered
 * 200 once the fetches are stored. Each lead is written to the link's log when its fetch settles: created or
 * updated by the pipeline, or rejected (the pipeline's code, or source_fetch_failed with the Graph API's error).
 */
export const metaLeadAdsSource: SourceAdapter = {
  // The subscription check Meta makes when the callback URL is saved: echo hub.challenge for our verify token.
  answerGet({ link, url }): SourceAnswer | undefined {
    const mode = url.searchParams.get("hub.mode");
    if (mode === null) return undefined;
    const { verifyToken } = metaSettings(link.sourceSettings);
    const sent = url.searchParams.get("hub.verify_token") ?? "";
    if (mode !== "subscribe" || !verifyToken || !sameText(sent, verifyToken)) {
      throw new AppError(
        "invalid_verify_token",
        "hub.mode must be subscribe and hub.verify_token the verify token saved on this link.",
      );
    }
    return { status: 200, text: url.searchParams.get("hub.challenge") ?? "" };
  },

  async receive({ database, link, request, received }) {
    const settings = metaSettings(link.sourceSettings);
    verifyMetaSignature(request.headers.get("x-hub-signature-256"), received.bytes, settings.appSecret);
    const leads = readMetaWebhook(received.text);
    const meta = requestMeta(request);
    const queued = await queueMetaFetches(database, {
      workspaceId: link.workspaceId,
      captureLinkId: link.id,
      ip: meta.ip,
      userAgent: meta.userAgent,
      leads,
    });
    return {
      answer: {
        status: 200,
        body: { received: leads.map((lead) => lead.leadgenId), queued },
      },
    };
  },
};

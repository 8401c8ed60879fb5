import type { IncomingMessage, ServerResponse } from "node:http";
import { getDatabase } from "@/lib/db/client";
import { LINK_TOKEN_SOURCE } from "@/lib/links/link-token";
import { log } from "@/lib/log";
import { isCaptchaProvider, policyWithWidget } from "./captcha/captcha-widget";

const HOSTED_FORM_PATH = new RegExp(`^/f/(${LINK_TOKEN_SOURCE})(?:\\?|$)`);

type Next = (req: IncomingMessage, res: ServerResponse) => Promise<unknown>;

/**
 * A revoked link's hosted form answers 410 Gone (DESIGN.md section 12), but a Next.js page cannot choose its
 * status. scripts/server.mjs hands `GET /f/<token>` here first: for a revoked link, the page Next.js renders
 * ("this form is closed", app/f/[token]/page.tsx) goes out with 410 instead of 200. The link's status is read
 * from the database, not the capture cache, so a revocation by another process shows at once. The form of a
 * link with a captcha loads its provider's widget: its Content-Security-Policy gets that provider's origins.
 */
export function serveHostedFormStatus(req: IncomingMessage, res: ServerResponse, next: Next): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const match = req.url ? HOSTED_FORM_PATH.exec(req.url) : null;
  if (!match) return false;
  void (async () => {
    try {
      const { prisma } = await getDatabase();
      const link = await prisma.captureLink.findUnique({
        where: { token: match[1]! },
        select: { status: true, captchaProvider: true, captchaSecret: true, captchaSiteKey: true },
      });
      const revoked = link?.status === "revoked";
      // The form renders the provider's widget (app/f/[token]): its policy allows that provider's origins, no other.
      const widget =
        link && !revoked && link.captchaSecret && link.captchaSiteKey && isCaptchaProvider(link.captchaProvider)
          ? link.captchaProvider
          : undefined;
      if (revoked || widget) {
        const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
        // Node.js sends implicit headers through writeHead(this.statusCode) too, so this covers every path.
        res.writeHead = ((status: number, ...rest: unknown[]) => {
          const policy = res.getHeader("content-security-policy");
          if (widget && typeof policy === "string") res.setHeader("content-security-policy", policyWithWidget(policy, widget));
          return writeHead(revoked && status === 200 ? 410 : status, ...rest);
        }) as typeof res.writeHead;
      }
    } catch (error) {
      log.warn({ err: error }, "could not read a hosted form's link status; answering with the page's own");
    }
    await next(req, res).catch((error: unknown) => {
      log.error({ err: error }, "hosted form page failed outside Next.js's handler");
      if (res.headersSent) res.destroy();
      else {
        res.statusCode = 500;
        res.end();
      }
    });
  })();
  return true;
}

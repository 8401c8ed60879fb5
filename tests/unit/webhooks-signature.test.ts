import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { signatureHeaders } from "@/lib/channels/webhook/send-webhook";

const newSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

describe("signatureHeaders", () => {
  it("signs as the Standard Webhooks reference does, with each secret during a rotation", () => {
    const [current, previous] = [newSecret(), newSecret()];
    const body = JSON.stringify({ type: "lead.created", data: { lead: { name: "Zoë Ünïcode \u{1F600}" } } });
    const now = new Date();
    const headers = signatureHeaders("msg_1", body, [current, previous], now);
    expect(headers["webhook-id"]).toBe("msg_1");
    expect(headers["webhook-timestamp"]).toBe(String(Math.floor(now.getTime() / 1000)));
    expect(headers["webhook-signature"]).toBe(
      `${new Webhook(current).sign("msg_1", now, body)} ${new Webhook(previous).sign("msg_1", now, body)}`,
    );
    for (const secret of [current, previous]) expect(new Webhook(secret).verify(body, headers)).toBeTruthy();
  });

  it("sends no signature headers without a secret (Slack)", () => {
    expect(signatureHeaders("msg_1", "{}", [])).toEqual({});
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnv } from "@/lib/env";
import { clientIp, REMOTE_ADDRESS_HEADER } from "@/lib/http/request-meta";
import { rateLimitSubject } from "@/lib/rate-limit/rate-limit-subject";
import { parseRate } from "@/lib/validation/rate";

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

function request(headers: Record<string, string>): Request {
  return new Request("http://localhost/ingest/x", { method: "POST", headers });
}

function withTrustProxy(value: string): void {
  vi.stubEnv("TRUST_PROXY", value);
  resetEnv();
}

const SOCKET = { [REMOTE_ADDRESS_HEADER]: "10.0.0.5" };

describe("clientIp", () => {
  it("takes the socket's address and ignores X-Forwarded-For without TRUST_PROXY", () => {
    withTrustProxy("");
    expect(clientIp(request({ ...SOCKET, "x-forwarded-for": "203.0.113.7" }))).toBe("10.0.0.5");
  });

  it("reads a dual-stack IPv4 address as IPv4", () => {
    expect(clientIp(request({ [REMOTE_ADDRESS_HEADER]: "::FFFF:198.51.100.4" }))).toBe("198.51.100.4");
  });

  it("has no address when the socket's header is missing or not an IP", () => {
    expect(clientIp(request({}))).toBeNull();
    expect(clientIp(request({ [REMOTE_ADDRESS_HEADER]: "localhost" }))).toBeNull();
  });

  describe("with TRUST_PROXY=1", () => {
    it("takes the rightmost X-Forwarded-For entry, the one the proxy appended", () => {
      withTrustProxy("1");
      expect(clientIp(request({ ...SOCKET, "x-forwarded-for": "203.0.113.7" }))).toBe("203.0.113.7");
      // The client wrote "1.2.3.4" itself; the proxy appended the address it saw.
      expect(clientIp(request({ ...SOCKET, "x-forwarded-for": "1.2.3.4, 203.0.113.7" }))).toBe("203.0.113.7");
      expect(clientIp(request({ ...SOCKET, "x-forwarded-for": "1.2.3.4,2001:db8::7" }))).toBe("2001:db8::7");
    });

    it("drops a port the proxy added", () => {
      withTrustProxy("1");
      expect(clientIp(request({ ...SOCKET, "x-forwarded-for": "203.0.113.7:51234" }))).toBe("203.0.113.7");
      expect(clientIp(request({ ...SOCKET, "x-forwarded-for": "[2001:db8::7]:443" }))).toBe("2001:db8::7");
    });

    it("falls back to the socket when the rightmost entry is not an address", () => {
      withTrustProxy("1");
      expect(clientIp(request({ ...SOCKET, "x-forwarded-for": "203.0.113.7, unknown" }))).toBe("10.0.0.5");
      expect(clientIp(request({ ...SOCKET, "x-forwarded-for": "" }))).toBe("10.0.0.5");
      expect(clientIp(request(SOCKET))).toBe("10.0.0.5");
    });
  });
});

describe("rateLimitSubject", () => {
  it("is the address itself for IPv4", () => {
    expect(rateLimitSubject("203.0.113.7")).toBe("203.0.113.7");
  });

  it("is the /64 for IPv6, however the address is written", () => {
    const subject = "2001:db8:1:2::/64";
    for (const ip of [
      "2001:db8:1:2::1",
      "2001:0DB8:0001:0002:ffff:ffff:ffff:ffff",
      "2001:db8:1:2:a:b:c:d",
      "2001:db8:1:2::5%eth0",
    ]) {
      expect(rateLimitSubject(ip), ip).toBe(subject);
    }
    expect(rateLimitSubject("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(rateLimitSubject("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitSubject("fe80::1")).toBe("fe80:0:0:0::/64");
    expect(rateLimitSubject("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(rateLimitSubject("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
  });

  it("puts requests without an address in one bucket", () => {
    expect(rateLimitSubject(null)).toBe("unknown");
  });
});

describe("parseRate", () => {
  it.each([
    ["120/min", { points: 120, seconds: 60 }],
    ["10/s", { points: 10, seconds: 1 }],
    ["5000 / hour", { points: 5000, seconds: 3600 }],
    ["off", undefined],
    ["0/min", undefined],
  ])("%s", (setting, rate) => {
    expect(parseRate(setting)).toEqual(rate);
  });
});

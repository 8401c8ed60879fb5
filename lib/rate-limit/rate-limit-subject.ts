import { isIPv6 } from "node:net";

/**
 * Whose bucket a request counts against. An IPv4 address is one client (a kiosk or an office behind NAT
 * shares it, hence a generous default). An IPv6 client usually holds a whole /64 (SLAAC, privacy
 * addresses), so it could take a fresh address per request: its bucket is the /64.
 */
export function rateLimitSubject(ip: string | null): string {
  if (!ip) return "unknown";
  return isIPv6(ip) ? ipv6Prefix64(ip) : ip;
}

function ipv6Prefix64(ip: string): string {
  let address = ip.split("%")[0]!.toLowerCase();
  // A dotted IPv4 tail ("64:ff9b::192.0.2.1") is the last 32 bits: two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    address = `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}

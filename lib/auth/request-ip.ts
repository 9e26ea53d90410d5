/**
 * The client's address, for the audit log and the per-IP sign-in throttle.
 *
 * Next.js fills `x-forwarded-for` with the socket's address only when the header is absent, and a
 * reverse proxy (nginx's $proxy_add_x_forwarded_for, most load balancers) appends the address it
 * saw. So the last entry is the one written by the nearest hop we trust, and earlier entries are
 * whatever the client claimed. Without a reverse proxy in front (BIND_HOST=0.0.0.0) a client can
 * still send its own header and pick its IP key; the per-account lock does not depend on it.
 */
export function clientIpFrom(headers: Pick<Headers, "get">): string | null {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded?.split(",").at(-1)?.trim() || headers.get("x-real-ip")?.trim() || "";
  if (!last || last.length > 64 || !/^[0-9a-fA-F:.]+$/.test(last)) return null;
  return last.startsWith("::ffff:") && last.includes(".") ? last.slice("::ffff:".length) : last.toLowerCase();
}

/**
 * The throttle's key for an address. IPv6 is grouped by /64, the block one subscriber usually
 * gets: one attacker holds millions of addresses inside it.
 */
export function ipThrottleKey(ip: string): string {
  if (!ip.includes(":")) return `ip:${ip}`;
  const [head = "", tail] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  const prefix = groups
    .slice(0, 4)
    .map((g) => (g || "0").replace(/^0+(?=.)/, ""))
    .join(":");
  return `ip:${prefix}::/64`;
}

import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Where an outbound webhook may connect: a public address, checked on the address the connection
 * is actually made to — after DNS, inside the socket's own lookup — so a name that resolves to a
 * public address when the endpoint is saved and to 127.0.0.1 when it is called (DNS rebinding)
 * gains nothing. Public means ordinary unicast by ipaddr.js's special ranges (maintained with the
 * IANA registries, not a list of our own): loopback, private, link-local (with the cloud metadata
 * address), carrier-grade NAT, unique-local, documentation, benchmarking and the other special
 * ranges are refused unless private addresses are allowed (demo mode and tests: the receiver runs
 * on this machine).
 *
 * An IPv6 address that carries an IPv4 address inside it reaches that IPv4 address (through the
 * host's own stack, a NAT64 gateway, a 6to4 or Teredo relay), so it is judged by the IPv4 address
 * it carries: IPv4-mapped (::ffff:0:0/96) and IPv4-translated (::ffff:0:0:0/96), IPv4-compatible
 * (::/96), NAT64 (64:ff9b::/96), 6to4 (2002::/16, bits 16–47) and Teredo (2001::/32: its server,
 * and its client obfuscated in the last 32 bits). The NAT64 local-use prefix (64:ff9b:1::/48) puts
 * the IPv4 address where its operator chose, so it is refused.
 */

/** True for an address a webhook may be sent to without allowing private addresses. */
export function isPublicAddress(address: string): boolean {
  // net.isIP first: only the usual spellings (ipaddr.js also reads "127.1" and "0x7f.0.0.1").
  const family = net.isIP(address);
  if (family === 0) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return parsed.range() === "unicast";
  const v6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded === "refuse") return false;
  if (embedded) return embedded.every((v4) => v4.range() === "unicast");
  return v6.range() === "unicast";
}

const ipv4Of = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);

/** The IPv4 addresses an IPv6 address leads to, null when it carries none, "refuse" when it cannot be told. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] | null | "refuse" {
  const p = address.parts;
  switch (address.range()) {
    case "ipv4Mapped":
    case "rfc6145":
      return [ipv4Of(p[6]!, p[7]!)];
    case "rfc6052":
      return address.match(ipaddr.IPv6.parse("64:ff9b::"), 96) ? [ipv4Of(p[6]!, p[7]!)] : "refuse";
    case "6to4":
      return [ipv4Of(p[1]!, p[2]!)];
    case "teredo":
      return [ipv4Of(p[2]!, p[3]!), ipv4Of(p[6]! ^ 0xffff, p[7]! ^ 0xffff)];
  }
  // IPv4-compatible (::a.b.c.d, deprecated but still routed by some stacks); :: and ::1 have their own ranges.
  if (p.slice(0, 6).every((part) => part === 0) && address.range() === "unicast") return [ipv4Of(p[6]!, p[7]!)];
  return null;
}

export class ForbiddenAddressError extends Error {
  constructor(readonly address: string) {
    super(`the endpoint's address ${address} is not public (loopback, private, link-local or reserved)`);
    this.name = "ForbiddenAddressError";
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** A socket `lookup` that resolves as usual and refuses any non-public answer (unless allowed). */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "");
      const list = addresses as dns.LookupAddress[];
      const refused = allowPrivate ? undefined : list.find((entry) => !isPublicAddress(entry.address));
      if (refused) return callback(new ForbiddenAddressError(refused.address), "");
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "");
      callback(null, first.address, first.family);
    });
  };
}

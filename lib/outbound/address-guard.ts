import dns from "node:dns";
import net, { BlockList } from "node:net";

/**
 * Where an outbound webhook may connect: a public address, checked on the address the connection
 * is actually made to — after DNS, inside the socket's own lookup — so a name that resolves to a
 * public address when the endpoint is saved and to 127.0.0.1 when it is called (DNS rebinding)
 * gains nothing. Loopback, private, link-local (with the cloud metadata address), carrier-grade NAT,
 * unique-local and the other special ranges are refused unless private addresses are allowed
 * (demo mode and tests: the receiver runs on this machine).
 */
const FORBIDDEN = new BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  FORBIDDEN.addSubnet(address, prefix, "ipv4");
}
for (const [address, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
] as const) {
  FORBIDDEN.addSubnet(address, prefix, "ipv6");
}

/** True for an address a webhook may be sent to without allowing private addresses. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return isPublicAddress(mapped[1]!);
    // …also when written in hex (::ffff:7f00:1, as URLs normalise it).
    const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
    if (hex) {
      const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
      return isPublicAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
    }
    return !FORBIDDEN.check(address, "ipv6");
  }
  return !FORBIDDEN.check(address, "ipv4");
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

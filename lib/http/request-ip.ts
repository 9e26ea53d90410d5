import { BlockList, isIP } from "node:net";
import { env } from "../env";
import { PEER_HEADER } from "./peer-address";

/**
 * The client's address, for the audit log, the per-IP sign-in throttle and the public pages'
 * budgets.
 *
 * Who connected is the TCP peer, stamped by PayDesk itself (lib/http/peer-address.ts). Forwarded
 * headers are believed only when that peer is one of TRUSTED_PROXIES: then X-Forwarded-For is
 * read from the right (each proxy appends the address it saw, as nginx's
 * $proxy_add_x_forwarded_for does), skipping our own proxies; the first address that is not one
 * of them is the client, and anything left of it is whatever the client claimed. With no trusted
 * proxy (the default) a client-sent X-Forwarded-For changes nothing: a forged header cannot pick
 * a fresh IP key for every sign-in attempt. Null when the address is unknown or not an address.
 */
export function clientIpFrom(headers: Pick<Headers, "get">, proxies?: BlockList): string | null {
  const peer = normalise(headers.get(PEER_HEADER));
  if (!peer) return null;
  const trusted = proxies ?? trustedProxies();
  if (!isTrusted(trusted, peer)) return peer;
  const forwarded = headers.get("x-forwarded-for") ?? headers.get("x-real-ip");
  const hops = forwarded ? forwarded.split(",").map(normalise) : [];
  let client = peer;
  for (const hop of hops.reverse()) {
    if (!hop) return null;
    client = hop;
    if (!isTrusted(trusted, hop)) break;
  }
  return client;
}

/** A BlockList of the given addresses and ranges (TRUSTED_PROXIES, validated by lib/env.ts). */
export function proxyList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

let configured: BlockList | undefined;
function trustedProxies(): BlockList {
  configured ??= proxyList(env().TRUSTED_PROXIES);
  return configured;
}

function isTrusted(list: BlockList, ip: string): boolean {
  return list.check(ip, isIP(ip) === 6 ? "ipv6" : "ipv4");
}

function normalise(value: string | null | undefined): string | null {
  const text = value?.trim() ?? "";
  if (!text || text.length > 64 || isIP(text) === 0) return null;
  return text.startsWith("::ffff:") && text.includes(".") ? text.slice("::ffff:".length) : text.toLowerCase();
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

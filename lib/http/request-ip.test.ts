import { describe, expect, it } from "vitest";
import { PEER_HEADER } from "./peer-address";
import { clientIpFrom, ipThrottleKey, proxyList } from "./request-ip";

const headers = (values: Record<string, string>) => new Headers(values);

describe("client IP", () => {
  const none = proxyList([]);
  const proxies = proxyList(["10.0.0.0/8", "192.0.2.7", "2001:db8:feed::/48"]);
  const from = (peer: string, values: Record<string, string> = {}) => headers({ [PEER_HEADER]: peer, ...values });

  it("is the connection's own address when no proxy is trusted, whatever the client claims", () => {
    expect(clientIpFrom(from("203.0.113.9"), none)).toBe("203.0.113.9");
    expect(clientIpFrom(from("203.0.113.9", { "x-forwarded-for": "6.6.6.6" }), none)).toBe("203.0.113.9");
    expect(clientIpFrom(from("203.0.113.9", { "x-forwarded-for": "6.6.6.6, 7.7.7.7", "x-real-ip": "8.8.8.8" }), none)).toBe("203.0.113.9");
    expect(clientIpFrom(from("::ffff:10.1.2.3"), none)).toBe("10.1.2.3");
    expect(clientIpFrom(from("2001:DB8::1"), none)).toBe("2001:db8::1");
  });

  it("is the connection's own address when it does not come from a trusted proxy", () => {
    expect(clientIpFrom(from("198.51.100.4", { "x-forwarded-for": "6.6.6.6" }), proxies)).toBe("198.51.100.4");
  });

  it("reads X-Forwarded-For from the right behind trusted proxies, skipping them", () => {
    expect(clientIpFrom(from("10.0.0.2", { "x-forwarded-for": "203.0.113.9" }), proxies)).toBe("203.0.113.9");
    // The client's own claim (6.6.6.6) is left of the address our proxy saw.
    expect(clientIpFrom(from("10.0.0.2", { "x-forwarded-for": "6.6.6.6, 203.0.113.9" }), proxies)).toBe("203.0.113.9");
    // Two of our proxies in a row (a CDN hop in range, then the load balancer).
    expect(clientIpFrom(from("::ffff:10.0.0.2", { "x-forwarded-for": "6.6.6.6, 203.0.113.9, 192.0.2.7, 10.9.9.9" }), proxies)).toBe(
      "203.0.113.9",
    );
    expect(clientIpFrom(from("2001:db8:feed:1::5", { "x-forwarded-for": "2001:db8:beef::1" }), proxies)).toBe("2001:db8:beef::1");
    expect(clientIpFrom(from("10.0.0.2", { "x-real-ip": "198.51.100.4" }), proxies)).toBe("198.51.100.4");
    // Only proxies in the chain: the leftmost is as far as we can see.
    expect(clientIpFrom(from("10.0.0.2", { "x-forwarded-for": "10.0.0.3" }), proxies)).toBe("10.0.0.3");
    expect(clientIpFrom(from("10.0.0.2"), proxies)).toBe("10.0.0.2");
  });

  it("is null when there is no address or it is not one", () => {
    expect(clientIpFrom(headers({}), none)).toBeNull();
    expect(clientIpFrom(headers({ "x-forwarded-for": "203.0.113.9" }), proxies)).toBeNull(); // nobody stamped the peer
    expect(clientIpFrom(from("<script>"), none)).toBeNull();
    expect(clientIpFrom(from("1".repeat(80)), none)).toBeNull();
    expect(clientIpFrom(from("10.0.0.2", { "x-forwarded-for": "1.2.3.4, <script>" }), proxies)).toBeNull();
  });

  it("keys IPv4 per address and IPv6 per /64", () => {
    expect(ipThrottleKey("203.0.113.9")).toBe("ip:203.0.113.9");
    expect(ipThrottleKey("2001:db8:aa:bb:1:2:3:4")).toBe("ip:2001:db8:aa:bb::/64");
    expect(ipThrottleKey("2001:db8:aa:bb::99")).toBe("ip:2001:db8:aa:bb::/64");
    expect(ipThrottleKey("2001:0db8::1")).toBe("ip:2001:db8:0:0::/64");
    expect(ipThrottleKey("::1")).toBe("ip:0:0:0:0::/64");
  });
});

import { describe, expect, it } from "vitest";
import { clientIpFrom, ipThrottleKey } from "./request-ip";

const headers = (values: Record<string, string>) => new Headers(values);

describe("client IP", () => {
  it("takes the last x-forwarded-for entry: the one the nearest proxy (or Next.js) wrote", () => {
    expect(clientIpFrom(headers({ "x-forwarded-for": "127.0.0.1" }))).toBe("127.0.0.1");
    expect(clientIpFrom(headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.9" }))).toBe("203.0.113.9");
    expect(clientIpFrom(headers({ "x-forwarded-for": "::ffff:10.1.2.3" }))).toBe("10.1.2.3");
    expect(clientIpFrom(headers({ "x-forwarded-for": "2001:DB8::1" }))).toBe("2001:db8::1");
    expect(clientIpFrom(headers({ "x-real-ip": "198.51.100.4" }))).toBe("198.51.100.4");
  });

  it("is null when there is no address or it is not one", () => {
    expect(clientIpFrom(headers({}))).toBeNull();
    expect(clientIpFrom(headers({ "x-forwarded-for": "" }))).toBeNull();
    expect(clientIpFrom(headers({ "x-forwarded-for": "1.2.3.4, <script>" }))).toBeNull();
    expect(clientIpFrom(headers({ "x-forwarded-for": "1".repeat(80) }))).toBeNull();
  });

  it("keys IPv4 per address and IPv6 per /64", () => {
    expect(ipThrottleKey("203.0.113.9")).toBe("ip:203.0.113.9");
    expect(ipThrottleKey("2001:db8:aa:bb:1:2:3:4")).toBe("ip:2001:db8:aa:bb::/64");
    expect(ipThrottleKey("2001:db8:aa:bb::99")).toBe("ip:2001:db8:aa:bb::/64");
    expect(ipThrottleKey("2001:0db8::1")).toBe("ip:2001:db8:0:0::/64");
    expect(ipThrottleKey("::1")).toBe("ip:0:0:0:0::/64");
  });
});

/**
 * A client cannot pick its own address with X-Forwarded-For: PayDesk believes forwarded headers
 * only from TRUSTED_PROXIES (lib/http/request-ip.ts). This PayDesk trusts 127.0.0.1, the other
 * specs' stand-in for a reverse proxy (playwright.config.ts); this attacker connects from
 * 127.0.0.2, another loopback address, so its lock touches nobody else's tests.
 *
 * 20 failed sign-ins lock an address for 15 minutes (lib/auth/throttle.ts). Each attempt here
 * forges a fresh X-Forwarded-For and a fresh e-mail (so no account lock helps): the address must
 * still lock, and then refuse even the right password.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import { expect, test } from "@playwright/test";
import { anyUser } from "../support/auth-users";
import { budget, E2E } from "../support/config";

const ATTACKER = "127.0.0.2";

interface Answer {
  status: number;
  location: string;
  cookies: string[];
  body: string;
}

function send(path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port: E2E.appPort, localAddress: ATTACKER, path, method: options.method ?? "GET", headers: options.headers },
      (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            location: String(response.headers.location ?? ""),
            cookies: response.headers["set-cookie"] ?? [],
            body,
          }),
        );
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

const forged = () => `198.51.100.${randomBytes(1)[0]! % 250}, 203.0.113.${1 + (randomBytes(1)[0]! % 250)}`;

/** One sign-in attempt the way the login form posts it to next-auth; the refusal code comes back in the /login URL. */
async function attempt(email: string, password: string): Promise<Answer> {
  const xff = forged();
  const csrf = await send("/api/auth/csrf", { headers: { "x-forwarded-for": xff } });
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  // The proxy and the route each set a CSRF cookie; the later one goes with the token answered.
  const jar = new Map(csrf.cookies.map((c) => c.split(";")[0]!.split(/=(.*)/s) as [string, string]));
  const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  return send("/api/auth/callback/credentials", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, "x-forwarded-for": xff },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: "/requests" }).toString(),
  });
}

test("a forged X-Forwarded-For does not unlock a locked address", async ({}) => {
  test.skip(E2E.external, "needs to connect from a second loopback address of the machine PayDesk runs on");
  const user = anyUser();
  test.skip(!user, "no account to try the right password of");
  test.setTimeout(budget(90_000));

  let last: Answer | null = null;
  for (let i = 0; i < 20; i++) last = await attempt(`nobody-${i}-${randomBytes(3).toString("hex")}@paydesk.local`, "not the password");
  expect(last!.location).toMatch(/code=locked-ip-15/);

  const right = await attempt(user!.email, user!.password);
  expect(right.location).toMatch(/code=locked-ip-\d+/);
  expect(right.cookies.join("\n")).not.toMatch(/session-token=/);
});

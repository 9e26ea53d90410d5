/**
 * Content-Security-Policy checks shared by the console's and the customer's security-header specs:
 * the policy on a page fetched twice, and a watch for every violation a page reports.
 */
import { expect, type APIResponse, type Page } from "@playwright/test";

const nonceOf = (response: APIResponse) =>
  /'nonce-([A-Za-z0-9+/]+={0,2})'/.exec(response.headers()["content-security-policy"] ?? "")?.[1] ?? null;

/** The page twice: each answer has the full policy, a nonce of its own, and that nonce on every script tag. */
export async function expectNoncedPolicy(load: () => Promise<APIResponse>): Promise<void> {
  const answers = [await load(), await load()];
  for (const response of answers) {
    expect(response.status()).toBe(200);
    const headers = response.headers();
    const policy = headers["content-security-policy"] ?? "";
    const nonce = nonceOf(response);
    expect(nonce, policy).not.toBeNull();
    expect(policy).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
      "img-src 'self' data: blob:",
    ]) {
      expect(policy).toContain(directive);
    }
    expect(policy).toMatch(/connect-src 'self'( |;|$)/);
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).not.toContain("unsafe-eval");
    const scripts = (await response.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(` nonce="${nonce}"`);
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["permissions-policy"]).toContain("geolocation=()");
    expect(headers["permissions-policy"]).toContain("microphone=()");
    expect(headers["strict-transport-security"]).toBeUndefined();
  }
  expect(nonceOf(answers[0]!)).not.toBe(nonceOf(answers[1]!));
}

/** Every CSP violation the page reports, and every console error about a policy header. */
export async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction("__reportViolation", (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __reportViolation(text: string): void }).__reportViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sample}`,
      );
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy|Permissions-Policy/i.test(message.text())) seen.push(`console: ${message.text()}`);
  });
  return seen;
}

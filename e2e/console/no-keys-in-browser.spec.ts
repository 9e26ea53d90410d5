/**
 * A key in a browser is the worst bug PayDesk can have. This test looks for the sandbox's API keys
 * (and, locally, PayDesk's demo secrets) everywhere a browser can read: every file of the client
 * build under .next/static, and the HTML (with its inlined React payload) of every page, signed in
 * as an admin who can see every merchant.
 */
import fs from "node:fs";
import path from "node:path";
import { budget, E2E } from "../support/config";
import { expect, test } from "../support/sandbox";

function secretsToFind(merchants: { submitKey: string; readKey: string }[]): string[] {
  const secrets = merchants.flatMap((m) => [
    m.submitKey,
    m.readKey,
    Buffer.from(`api:${m.submitKey}`).toString("base64"),
    Buffer.from(`api:${m.readKey}`).toString("base64"),
  ]);
  const demoSecrets = path.join(E2E.dataDir, "secrets.json");
  if (!E2E.external && fs.existsSync(demoSecrets)) {
    const { authSecret, encryptionKey } = JSON.parse(fs.readFileSync(demoSecrets, "utf8")) as { authSecret: string; encryptionKey: string };
    secrets.push(authSecret, encryptionKey);
  }
  return secrets.filter((s) => s.length >= 16);
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Every page route of the build without parameters, e.g. "/", "/login", "/requests". */
function staticPageRoutes(): string[] {
  const manifest = path.resolve(".next", "app-path-routes-manifest.json");
  const routes = Object.values(JSON.parse(fs.readFileSync(manifest, "utf8")) as Record<string, string>);
  return [...new Set(routes)].filter((r) => !r.includes("[") && !r.startsWith("/api") && !r.startsWith("/_")).sort();
}

test.describe("API keys never reach a browser", () => {
  test("the client build contains none of the keys", async ({ sandbox }) => {
    test.skip(E2E.external, "the build is not on this machine");
    const secrets = secretsToFind(sandbox.merchants);
    expect(secrets.length).toBeGreaterThanOrEqual(8);
    const files = filesUnder(path.resolve(".next", "static"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = fs.readFileSync(file, "latin1");
      for (const secret of secrets) expect(text.includes(secret), `${secret.slice(0, 4)}… found in ${file}`).toBe(false);
    }
  });

  test("no page's HTML or inlined payload contains a key, signed in as an admin @deployed", async ({ page, sandbox }) => {
    // A crawl of every page, each fetched and then rendered: more time than one flow's 30 s.
    test.setTimeout(budget(120_000));
    const secrets = secretsToFind(sandbox.merchants);
    const routes = E2E.external
      ? ["/", "/login", "/requests", "/new", "/approvals", "/webhooks", "/settings", "/audit"]
      : staticPageRoutes();
    expect(routes).toContain("/");
    for (const route of routes) {
      const response = await page.request.get(route);
      const html = await response.text();
      for (const secret of secrets) expect(html.includes(secret), `${secret.slice(0, 4)}… found in ${route}`).toBe(false);
      await page.goto(route);
      const rendered = await page.content();
      for (const secret of secrets) expect(rendered.includes(secret), `${secret.slice(0, 4)}… in the rendered ${route}`).toBe(false);
    }
  });

  test("the test would notice a key if one leaked @deployed", async ({ sandbox }) => {
    // Guard against a scan that can never fail: a page that prints a key must be caught by the same check.
    const secrets = secretsToFind(sandbox.merchants);
    const leaked = `<html><script>self.__next_f.push([1,"${sandbox.merchants[0]!.submitKey}"])</script></html>`;
    expect(secrets.some((s) => leaked.includes(s))).toBe(true);
  });
});

/**
 * The provider's webhooks skip the proxy (proxy.ts `config.matcher`) and are never compressed: a
 * webhook answer is a few dozen bytes a provider's server reads once, and at a provider's burst the
 * proxy's pass and `next start`'s gzip were a third of each webhook's CPU (bench/webhook-ingest).
 * Their door sets the headers the proxy would have (lib/http/public-route.ts). Sent from
 * 127.0.0.3 so a refusal counts against no other test's address.
 */
import http from "node:http";
import { expect, test } from "@playwright/test";
import { E2E } from "../support/config";

function post(
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port: E2E.appPort, localAddress: "127.0.0.3", path, method: "POST", headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

test("a webhook's answer is plain JSON, never cached or compressed, with the transport headers and without the pages' policy", async () => {
  test.skip(E2E.external, "needs the local PayDesk's own port (a deployment's proxy may compress on its own)");
  const answer = await post(
    "/api/webhooks/payment",
    { "content-type": "application/json", "accept-encoding": "gzip, deflate, br" },
    JSON.stringify({ Id: "e2e-webhook-answer", OrgId: "demo", Type: "PaymentIn.Success", Parameters: [] }),
  );
  expect(answer.status).toBe(401);
  expect(answer.headers["content-encoding"]).toBeUndefined();
  expect(answer.headers["cache-control"]).toBe("no-store, no-transform");
  expect(answer.headers["permissions-policy"]).toContain("camera=()");
  expect(answer.headers["x-request-id"]).toMatch(/^rq_/);
  // The proxy did not run: it gives every answer a nonce'd page policy.
  expect(answer.headers["content-security-policy"]).toBeUndefined();
  expect(JSON.parse(answer.body.toString("utf8"))).toHaveProperty("status", "error");
});

test("the webhook door takes only POST: any other method is answered 405 with Allow, in words", async ({ request }) => {
  test.skip(E2E.external, "needs the local PayDesk's own port");
  const answer = await request.get(`http://127.0.0.1:${E2E.appPort}/api/webhooks/payment`);
  expect(answer.status()).toBe(405);
  expect(answer.headers()["allow"]).toBe("POST");
  expect((await answer.json()).error).toMatch(/takes POST, not GET/);
});

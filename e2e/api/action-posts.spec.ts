/**
 * Server-action posts an attacker or a broken client sends (lib/http/action-guard.ts, in proxy.ts):
 * cross-site, malformed and oversized ones are answered with a short 4xx, never a 500. The action
 * id is the one the sign-in page's language switch really posts, taken from the browser.
 */
import http from "node:http";
import { expect, test as base, type APIRequestContext, type Browser } from "@playwright/test";
import { E2E } from "../support/config";

/**
 * Signed out, so nothing here changes a staff account (the language action saves the choice on a
 * signed-in person's account): the id comes from a fresh browser, the posts from a fresh client.
 */
const test = base.extend<{ actionId: string; anonymous: APIRequestContext }>({
  actionId: async ({ browser }, use) => use(await languageActionId(browser)),
  anonymous: async ({ playwright }, use) => {
    const context = await playwright.request.newContext({ baseURL: E2E.baseUrl });
    await use(context);
    await context.dispose();
  },
});

const MB = 1024 * 1024;
const BOUNDARY = "----paydeskE2E";
const multipart = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("") + `--${BOUNDARY}--\r\n`;

/** The id of the sign-in page's language action, as the browser posts it. */
async function languageActionId(browser: Browser): Promise<string> {
  // An explicit empty state: the test runner's contexts otherwise start with the project's session.
  const context = await browser.newContext({ baseURL: E2E.baseUrl, storageState: { cookies: [], origins: [] } });
  try {
    const page = await context.newPage();
    await page.goto("/login");
    const posted = page.waitForRequest((request) => request.method() === "POST" && request.headers()["next-action"] !== undefined);
    await page.getByTestId("language-switcher").getByRole("button").first().click();
    return (await posted).headers()["next-action"]!;
  } finally {
    await context.close();
  }
}

function postAction(request: APIRequestContext, actionId: string, body: string | Buffer, headers: Record<string, string> = {}) {
  return request.post("/login", {
    headers: { "next-action": actionId, origin: E2E.baseUrl, "content-type": `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
    data: body,
    maxRedirects: 0,
  });
}

/** A chunked post with no Content-Length, its body written in pieces. */
function postChunked(actionId: string, bytes: number): Promise<{ status: number; body: string }> {
  const url = new URL("/login", E2E.baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        headers: {
          "next-action": actionId,
          origin: E2E.baseUrl,
          "content-type": "text/plain;charset=UTF-8",
          "transfer-encoding": "chunked",
        },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    // The server may answer before the whole body is sent and close its side.
    request.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error),
    );
    const piece = Buffer.alloc(64 * 1024, "a");
    for (let sent = 0; sent < bytes; sent += piece.length) request.write(piece);
    request.end();
  });
}

test("a well-formed action still works, so the refusals below are about the posts themselves", async ({ actionId, anonymous: request }) => {
  const answer = await postAction(request, actionId, multipart({ "1_locale": "en", "0": '[null,"$K1"]' }));
  expect(answer.status()).toBe(200);
});

test("a cross-site action post answers 403 with a short body", async ({ actionId, anonymous: request }) => {
  for (const origin of ["https://evil.example", "null"]) {
    const answer = await postAction(request, actionId, multipart({ "1_locale": "en", "0": '[null,"$K1"]' }), { origin });
    expect(answer.status(), origin).toBe(403);
    expect(await answer.text()).toBe("Cross-site request refused.\n");
  }
});

test("malformed action encodings answer 400 with a short body", async ({ actionId, anonymous: request }) => {
  const cases: [string, string, Record<string, string>][] = [
    ["plain body, not JSON", "{not json", { "content-type": "text/plain;charset=UTF-8" }],
    ["multipart that does not parse", "garbage", {}],
    ["multipart without its root row", multipart({ "1_locale": "en" }), {}],
  ];
  for (const [name, body, headers] of cases) {
    const answer = await postAction(request, actionId, body, headers);
    expect(answer.status(), name).toBe(400);
    expect(await answer.text(), name).toBe("Malformed action request.\n");
  }
});

test("an action body over 2 MB (next.config.mjs's limit) answers 413, with a length or chunked without one", async ({
  actionId,
  anonymous: request,
}) => {
  const declared = await postAction(request, actionId, Buffer.alloc(2 * MB + 1024, "a"), { "content-type": "text/plain;charset=UTF-8" });
  expect(declared.status()).toBe(413);
  expect(await declared.text()).toBe("Request body over 2 MB.\n");
  const chunked = await postChunked(actionId, 3 * MB);
  expect(chunked.status).toBe(413);
  expect(chunked.body).toBe("Request body over 2 MB.\n");
});

/**
 * One form, one request: a double click, a retry after the answer was lost on the way back, and
 * a re-post of the very same form data all end at the same request (the form's idempotency key,
 * lib/requests/create.ts). And a lost provider answer shows as "checking with the provider" and
 * settles by itself (reconciliation; playwright.config.ts sets a 3 s provider timeout for this).
 */
import { atSandbox, COFFEE, fillPayIn, landedOnRequest, openCreateForm, refId1Input } from "../support/create-forms";
import { skipWithout } from "../support/deployment";
import { expect, test } from "../support/sandbox";
import { budget } from "../support/config";

const isCreatePost = (method: string, url: string) => method === "POST" && new URL(url).pathname === "/new/payin";

test("a double click makes one request", async ({ page, sandbox }) => {
  await openCreateForm(page, "payin", COFFEE);
  const refId1 = await refId1Input(page).inputValue();
  await fillPayIn(page, { amount: "42" });
  // Two submits before React can even disable the button.
  await page.getByRole("form", { name: "Pay-In" }).evaluate((form: HTMLFormElement) => {
    form.requestSubmit();
    form.requestSubmit();
  });
  await landedOnRequest(page);
  expect(await atSandbox(sandbox, refId1)).toHaveLength(1);
});

test("sending again after the answer was lost, and re-posting the same form, land on the same request", async ({ page, sandbox }) => {
  await openCreateForm(page, "payin", COFFEE);
  const refId1 = await refId1Input(page).inputValue();
  await fillPayIn(page, { amount: "43.21" });

  // The first send reaches PayDesk and the provider, but its answer never reaches the browser.
  let firstPost: { headers: Record<string, string>; body: Buffer } | null = null;
  await page.route("**/new/payin", async (route) => {
    const request = route.request();
    if (!isCreatePost(request.method(), request.url()) || firstPost) return route.continue();
    firstPost = { headers: await request.allHeaders(), body: request.postDataBuffer()! };
    await route.fetch();
    await route.abort("connectionreset");
  });
  const button = page.getByRole("button", { name: "Create Pay-In" });
  await button.click();
  await expect(page.getByTestId("form-error")).toHaveText(
    "PayDesk did not answer (a connection problem). Sending again is safe: this form never creates a second request.",
  );
  expect(await atSandbox(sandbox, refId1)).toHaveLength(1);

  await button.click();
  const requestId = await landedOnRequest(page);
  expect(await atSandbox(sandbox, refId1)).toHaveLength(1);

  // The same form data posted once more, as a browser's resubmit would: the same request again.
  const { headers, body } = firstPost!;
  const replay = await page.request.post("/new/payin", {
    headers: {
      "next-action": headers["next-action"]!,
      "content-type": headers["content-type"]!,
      accept: headers.accept ?? "text/x-component",
    },
    data: body,
  });
  expect(replay.ok()).toBe(true);
  expect(await replay.text()).toContain(requestId);
  expect(await atSandbox(sandbox, refId1)).toHaveLength(1);
});

test("a provider that does not answer in time: the request is checked with the provider and settles by itself", async ({
  page,
  sandbox,
}) => {
  skipWithout(test, "3 s provider timeout");
  test.setTimeout(budget(60_000));
  await openCreateForm(page, "payin", COFFEE);
  const refId1 = await refId1Input(page).inputValue();
  // The provider creates the request, then keeps the answer for 20 s; PayDesk waits 3 s.
  await sandbox.control("POST", "/faults", {
    operation: "SubmitPayInRequest",
    kind: "timeout",
    when: "after",
    delayMs: 20_000,
    match: { refId1 },
  });
  await fillPayIn(page, { amount: "44" });
  await page.getByRole("button", { name: "Create Pay-In" }).click();
  const requestId = await landedOnRequest(page);
  expect(await atSandbox(sandbox, refId1)).toMatchObject([{ status: "Pending" }]);

  // In the list: first "checking with the provider", then, without anyone resending, pending.
  await page.goto(`/requests?q=${refId1}`);
  const badge = page.locator(`[data-request-id="${requestId}"]`).getByTestId("status-badge");
  await expect(badge).toHaveAttribute("data-state", "unknown");
  await expect(badge).toHaveText(/Checking with the provider/);
  await expect(async () => {
    await page.reload();
    await expect(badge).toHaveAttribute("data-state", "pending", { timeout: budget(1_000) });
  }).toPass({ timeout: budget(30_000), intervals: [1_000] });
  expect(await atSandbox(sandbox, refId1)).toHaveLength(1);
});

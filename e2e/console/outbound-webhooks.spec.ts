/**
 * Outbound webhooks from an admin's side: an endpoint added in Settings → Outbound webhooks (its
 * secret shown once), a payment made, the delivery appearing in the endpoint's log while the page
 * stays open — signed so the `standardwebhooks` package verifies it — then an endpoint that answers
 * 410 Gone disabled with the reason shown, enabled again, and its failed event resent by hand.
 * The receiver is a real HTTP server on this machine (demo mode allows private addresses).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { createViaApi, skipWithoutApiKey } from "../support/api";
import { expectNoAxeViolations } from "../support/axe";
import { COFFEE } from "../support/create-forms";
import { expect, test } from "../support/sandbox";
import { budget } from "../support/config";

test.beforeEach(({}) => {
  test.setTimeout(budget(120_000));
});

interface Receiver {
  url: string;
  received: { headers: http.IncomingHttpHeaders; body: string }[];
  status: number;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { url: "", received: [], status: 200, close: async () => undefined };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      receiver.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(receiver.status, { connection: "close" }).end(receiver.status === 200 ? "thanks" : "gone");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/paydesk/webhooks`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/** A Pay-In made through the merchant API, paid with the sandbox's control on its page; answers its id. */
async function paidPayIn(page: Page): Promise<string> {
  skipWithoutApiKey(test);
  const { id } = await createViaApi({ operation: "payin", amount: "120.00", payerName: "สมชาย ใจดี" });
  await page.goto(`/requests/${id}`);
  const panel = page.getByTestId("sandbox-controls");
  await panel.locator("summary").click();
  await panel.getByRole("button", { name: "Sandbox: Customer pays (mark paid)" }).click();
  await expect(page.getByTestId("sandbox-result")).toHaveText("Done. The request is now: Paid.", { timeout: budget(25_000) });
  return id;
}

test("an admin adds an endpoint, a payment reaches it signed and shows in the log live; a 410 disables it, and its event is resent by hand", async ({
  page,
  context,
}) => {
  const receiver = await startReceiver();
  try {
    await page.goto("/settings");
    await page.getByRole("link", { name: "Outbound webhooks" }).click();
    await page.getByTestId("webhook-merchants").getByRole("link", { name: COFFEE }).click();
    await page.getByLabel("Endpoint URL").fill(receiver.url);
    await page.getByLabel("Description (optional)").fill("E2E shop");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const shown = page.getByTestId("new-endpoint-secret");
    await expect(shown).toBeVisible();
    const secret = (await shown.getByTestId("endpoint-secret").textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    const row = page.getByTestId("endpoint-row").filter({ hasText: receiver.url });
    await expect(row.getByTestId("endpoint-status")).toHaveText("Enabled");
    await row.getByRole("link", { name: /Manage/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(receiver.url);
    // Shown once: not on the endpoint's page.
    expect(await page.content()).not.toContain(secret);
    const endpointPage = page.url();

    // A payment, made in another tab while the endpoint's log stays open.
    const staff = await context.newPage();
    const first = await paidPayIn(staff);
    const delivered = page.getByTestId("delivery-row").filter({ hasText: first });
    await expect(delivered).toHaveAttribute("data-event-type", "payin.paid", { timeout: budget(15_000) });
    await expect(delivered.getByTestId("delivery-status")).toHaveText("Delivered", { timeout: budget(15_000) });
    const got = receiver.received.find((r) => r.body.includes(first))!;
    const event = new Webhook(secret).verify(got.body, {
      "webhook-id": String(got.headers["webhook-id"]),
      "webhook-timestamp": String(got.headers["webhook-timestamp"]),
      "webhook-signature": String(got.headers["webhook-signature"]),
    }) as { type: string; data: { id: string; status: string } };
    expect(event).toMatchObject({ type: "payin.paid", data: { id: first, status: "paid" } });
    // The request's own page lists what was sent about it.
    await staff.goto(`/requests/${first}`);
    await expect(staff.getByTestId("outbound-events")).toContainText(receiver.url);

    // The endpoint says it is gone: PayDesk disables it and says why.
    receiver.status = 410;
    const second = await paidPayIn(staff);
    const failed = page.getByTestId("delivery-row").filter({ hasText: second });
    await expect(failed.getByTestId("delivery-status")).toHaveText("Failed", { timeout: budget(15_000) });
    await page.reload();
    await expect(page.getByTestId("endpoint-status")).toHaveText("Disabled: the endpoint answered 410 Gone.");
    await expect(page.getByTestId("endpoint-disabled-notice")).toBeVisible();
    await failed.locator("summary").click();
    await expect(failed.getByTestId("delivery-attempt")).toHaveCount(1);
    await expect(failed.getByTestId("delivery-attempt")).toContainText("410");
    // The endpoint's page, its notice showing and a failed delivery open: nothing axe finds (no other
    // spec reaches this page with an endpoint on it).
    await expectNoAxeViolations(page);

    // Fixed: enabled again, and the failed event resent by hand.
    receiver.status = 200;
    await page.getByLabel("Enabled: send events to this endpoint").check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("endpoint-edit-success")).toHaveText("Saved.");
    await expect(page.getByTestId("endpoint-status")).toHaveText("Enabled");
    await failed.getByRole("button", { name: /^Resend/ }).click();
    await expect(failed.getByTestId("delivery-status")).toHaveText("Delivered", { timeout: budget(15_000) });
    const resent = receiver.received.filter((r) => r.body.includes(second));
    expect(resent.map((r) => r.headers["webhook-id"])).toEqual([resent[0]!.headers["webhook-id"], resent[0]!.headers["webhook-id"]]);

    // Deleted: gone from the merchant's endpoints.
    await page.goto(endpointPage);
    await page.getByRole("button", { name: "Delete endpoint" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete endpoint" }).click();
    await expect(page.getByTestId("endpoint-table").or(page.getByText("No endpoints yet."))).toBeVisible();
    await expect(page.getByTestId("endpoint-row").filter({ hasText: receiver.url })).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});

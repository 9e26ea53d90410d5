/**
 * One full run against the sandbox's `live` profile: the provider as it really behaves
 * (docs/provider-facts.md §8.9, sandbox/README.md "The live profile"), not as the specification says.
 * This spec starts its own live sandbox and its own PayDesk in demo mode on it (merchants loaded
 * from the sandbox's credentials.json, webhooks delivered to this PayDesk), then in the console:
 *
 * - a Pay-In, whose QR is drawn from `qrCode` (the live provider sends `qrCodeImage` empty) in the
 *   console and on the customer's checkout page (which joins the live hub), a slip uploaded through
 *   the slip page (token verified by the live provider), then paid through the sandbox's control API
 *   and seen Paid in the console and, live, on the checkout page;
 * - an SCB Pay-In, whose valid bill-payment QR the live provider calls unavailable
 *   (`isQrAvailable: false`): shown in the console and on the checkout page all the same, and
 *   scanned back to the provider's `qrCode`;
 * - a Pay-Out by a finance user (the live answer is `paymentRequest` + `payoutTransaction`, not
 *   `paymentResponse`), paid out and seen through;
 * - a provider rejection, which the live provider answers with an empty HTTP 500: the console says
 *   it is checking with the provider, then settles it by itself as Rejected, with the code.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import jsQR from "jsqr";
import { freePort } from "../../lib/db/testing/postgres-server";
import { signIn, type TestUser } from "../support/auth-users";
import { budget, E2E } from "../support/config";
import { PHONE } from "../support/phone";
import { COFFEE, GADGETS, fillPayIn, landedOnRequest, openCreateForm, refId1Input } from "../support/create-forms";
import { makeApiKey, payAtShop, startShop } from "../support/shop";
import { plainSlip } from "../support/slips";

const dataDir = `${E2E.dataDir}-live`;
const children: ChildProcess[] = [];
let stopping = false;
let appUrl = "";
let sandboxUrl = "";

interface LiveRequest {
  id: string;
  refId1: string;
  status: string;
  statusCode: string | null;
  qrCode: string | null;
  qrCodeImage?: string | null;
  /** In baht, a JSON number, as the provider's entity carries it (docs/provider-facts.md §4.5). */
  generatedAmount: number | null;
}

async function control<T>(method: string, pathname: string, body?: unknown): Promise<T> {
  const res = await fetch(`${sandboxUrl}/sandbox${pathname}`, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `sandbox ${method} ${pathname} → ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

interface Delivery {
  event: string;
  outcome: string;
  httpStatus: number | null;
  error: string | null;
  durationMs: number | null;
}

/** The sandbox's webhook deliveries about one request, once every one in flight has finished. */
async function deliveriesFor(requestId: string): Promise<Delivery[]> {
  await control("POST", "/webhooks/settle", {});
  return control<Delivery[]>("GET", `/webhooks/deliveries?requestId=${requestId}`);
}

async function storedAtSandbox(refId1: string): Promise<LiveRequest> {
  const found = await control<LiveRequest[]>("GET", `/requests?refId1=${encodeURIComponent(refId1)}`);
  expect(found, `the live sandbox holds exactly one request ${refId1}`).toHaveLength(1);
  return found[0]!;
}

/** Starts a server of this spec; its output goes to <dataDir>/<name>.log, named if it dies early. */
function start(name: string, command: string, args: string[], env: Record<string, string>): ChildProcess {
  const log = path.join(dataDir, `${name}.log`);
  const out = fs.openSync(log, "a");
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", out, out] });
  fs.closeSync(out);
  child.once("exit", (code) => {
    if (!stopping) console.error(`[live-profile] ${name} exited with ${code}; see ${log}`);
  });
  children.push(child);
  return child;
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url} exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within 60 s`);
}

function demoUser(role: "operator" | "finance" | "admin"): TestUser {
  const { users } = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-users.json"), "utf8")) as { users: TestUser[] };
  const user = users.find((u) => u.role === role && !u.isDisabled);
  if (!user) throw new Error(`no demo ${role} in ${dataDir}/demo-users.json`);
  return user;
}

async function signedIn(browser: Browser, role: "operator" | "finance" | "admin"): Promise<Page> {
  // Empty storage: the console project's stored session belongs to the other PayDesk on this host.
  const context = await browser.newContext({ baseURL: appUrl, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signIn(page, demoUser(role));
  return page;
}

/** Reads the QR the page drew back into text, as a phone would: the SVG rendered to pixels, decoded by jsQR. */
async function decodeQr(page: Page, testId: string): Promise<string | null> {
  // The console draws its QR once the page has loaded and is idle (components/console/requests/qr.tsx).
  await expect(page.getByTestId(testId).locator("svg")).toBeVisible();
  const image = await page.getByTestId(testId).evaluate(async (element) => {
    const svg = element.querySelector("svg");
    if (!svg) return null;
    const picture = new Image();
    picture.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await picture.decode();
    // A white quiet zone around the code, as on paper.
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 440;
    const context = canvas.getContext("2d")!;
    context.fillStyle = "#fff";
    context.fillRect(0, 0, 440, 440);
    context.drawImage(picture, 20, 20, 400, 400);
    const pixels = context.getImageData(0, 0, 440, 440);
    return { width: pixels.width, height: pixels.height, data: Array.from(pixels.data) };
  });
  if (!image) return null;
  return jsQR(Uint8ClampedArray.from(image.data), image.width, image.height)?.data ?? null;
}

test.describe("one full run against the live profile", () => {
  test.describe.configure({ mode: "serial", timeout: budget(60_000) });
  test.skip(E2E.external, "starts its own sandbox and PayDesk (a deployed PayDesk is tested against its own provider)");

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(90_000);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
    const [sandboxPort, appPort] = [await freePort(), await freePort()];
    sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    appUrl = `http://127.0.0.1:${appPort}`;
    const sandbox = start("sandbox", process.execPath, ["--import", "tsx", "sandbox/main.ts"], {
      SANDBOX_PROFILE: "live",
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_DATA_DIR: path.join(dataDir, "sandbox"),
      SANDBOX_WEBHOOK_URL: `${appUrl}/api/webhooks/payment`,
    });
    // PayDesk reads the sandbox's credentials.json at its start: the sandbox comes first.
    await waitFor(`${sandboxUrl}/health`, sandbox);
    const app = start("paydesk", "node_modules/.bin/next", ["start", "-p", String(appPort), "-H", "127.0.0.1"], {
      PORT: String(appPort),
      DATA_DIR: dataDir,
      PAYMENT_API_BASE_URL: "",
      SANDBOX_PORT: String(sandboxPort),
      DATABASE_URL: "",
      PUBLIC_BASE_URL: appUrl,
      // The live sandbox limits 20 requests per 10 s per client and counts the checkout page's hub
      // upgrade (docs/provider-facts.md §8.1). Here PayDesk's calls and the browser's upgrades all come from
      // 127.0.0.1 without X-Original-Forwarded-For, so they share the sandbox's one "unknown" bucket,
      // where in production customers' browsers have IPs of their own. PayDesk's default budget
      // (20/10s) would be that whole bucket; 15 leaves 5 per window for the browser's upgrades.
      PAYMENT_API_RATE_LIMIT: "15/10s",
      RECONCILE_POLL_MS: "500",
      NEXT_TELEMETRY_DISABLED: "1",
    });
    await waitFor(`${appUrl}/login`, app);
    expect((await control<{ profile: string }>("GET", "/info")).profile).toBe("live");
  });

  test.afterAll(() => {
    stopping = true;
    for (const child of children) child.kill("SIGTERM");
  });

  test("a Pay-In: the QR drawn from qrCode, paid at the provider, seen Paid", async ({ browser }) => {
    const page = await signedIn(browser, "operator");
    await openCreateForm(page, "payin", COFFEE);
    const refId1 = await refId1Input(page).inputValue();
    await fillPayIn(page, { amount: "325.00" });
    await page.getByRole("button", { name: "Create Pay-In" }).click();
    await landedOnRequest(page);
    await expect(page.getByTestId("status-badge")).toHaveAttribute("data-state", "pending");

    const stored = await storedAtSandbox(refId1);
    expect(stored.qrCode).toMatch(/^000201/);
    const qr = page.getByTestId("payment-qr");
    await expect(qr).toHaveAttribute("data-qr-value", stored.qrCode!);
    expect(await decodeQr(page, "payment-qr")).toBe(stored.qrCode);

    // The customer's pages against the live provider: the checkout draws the QR from qrCode (the
    // live answer's qrCodeImage is empty) and joins the hub; the slip page verifies its token there.
    const phone = await browser.newContext(PHONE);
    const checkout = await phone.newPage();
    await checkout.goto((await page.getByTestId("checkout-link").getAttribute("href"))!);
    await expect(checkout.getByTestId("payment-qr")).toHaveAttribute("data-qr-value", stored.qrCode!);
    await expect(checkout.getByTestId("checkout-live")).toHaveAttribute("data-hub", "connected");
    const slip = await phone.newPage();
    const slipUrl = (await page.getByTestId("slip-link").textContent())!;
    // This PayDesk keeps a rate limit (15/10s), whose public share (3 calls in 10 s) the slip page
    // may find spent by reconciliation's calls just then: it says "busy, try again in a few
    // seconds", and the customer does (e2e/support/slip-patience.ts is the suite's own for this).
    await expect(async () => {
      await slip.goto(slipUrl);
      await expect(slip.getByTestId("slip-request")).toContainText(refId1, { timeout: 1_000 });
    }).toPass({ timeout: budget(60_000), intervals: [2_000, 3_000, 5_000] });
    await slip.getByLabel("เลือกรูปสลิป").setInputFiles(plainSlip());
    await expect(slip.getByTestId("slip-preview")).toBeVisible();
    // The upload spends the same share: "busy" keeps the slip, and the customer tries again.
    await expect(async () => {
      const failed = slip.getByTestId("slip-failed");
      if (await failed.isVisible()) {
        await expect(failed.getByRole("alert")).toHaveText(/ระบบชำระเงินไม่ว่าง/);
        await failed.getByRole("button", { name: "ลองอีกครั้ง" }).click();
      }
      await slip.getByRole("button", { name: "อัปโหลดสลิป" }).click({ timeout: 5_000 });
      await expect(slip.getByTestId("slip-done")).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: budget(60_000), intervals: [2_000, 3_000, 5_000] });

    const paid = await control<{ matched: boolean }>("POST", `/requests/${stored.id}/pay`, {});
    expect(paid.matched).toBe(true);
    expect(await deliveriesFor(stored.id)).toMatchObject([{ event: "PaymentIn.Success", outcome: "delivered", httpStatus: 200 }]);
    // The webhook reaches this PayDesk and the open page follows without a reload.
    await expect(page.getByTestId("status-badge")).toHaveAttribute("data-state", "paid", { timeout: budget(10_000) });
    await expect(qr).toHaveCount(0);
    await expect(checkout.getByTestId("checkout-live")).toHaveAttribute("data-state", "paid", { timeout: budget(2_000) });
    await expect(checkout.getByTestId("payment-qr")).toHaveCount(0);
    await phone.close();
    // What the customer paid is what was collected: the generated amount, not 0.00.
    const customerPaid = stored.generatedAmount!.toFixed(2);
    await expect(page.getByTestId("money-to-pay")).toContainText(customerPaid);
    await expect(page.getByTestId("money-paid")).toContainText(customerPaid);
  });

  test("an SCB Pay-In: the bill-payment QR the provider calls unavailable is shown, and scans to its qrCode", async ({ browser }) => {
    const page = await signedIn(browser, "operator");
    await openCreateForm(page, "payin", COFFEE);
    const refId1 = await refId1Input(page).inputValue();
    await fillPayIn(page, { amount: "410.00" });
    await page.getByLabel("SCB bill payment").check();
    await page.getByRole("button", { name: "Create Pay-In" }).click();
    await landedOnRequest(page);
    await expect(page.getByTestId("status-badge")).toHaveAttribute("data-state", "pending");

    const stored = await storedAtSandbox(refId1);
    // A BOT bill-payment payload (tag 30), which the live provider answers with isQrAvailable false (docs/provider-facts.md §4.1).
    expect(stored.qrCode).toMatch(/^00020101021230/);
    const answer = await control<{ responseDataObj: { isQrAvailable: boolean; qrCode: string } }>("GET", `/requests/${stored.id}`);
    expect(answer.responseDataObj).toMatchObject({ isQrAvailable: false, qrCode: stored.qrCode });

    expect(await decodeQr(page, "payment-qr")).toBe(stored.qrCode);
    const phone = await browser.newContext(PHONE);
    const checkout = await phone.newPage();
    await checkout.goto((await page.getByTestId("checkout-link").getAttribute("href"))!);
    expect(await decodeQr(checkout, "payment-qr")).toBe(stored.qrCode);
    // Settled, the QR goes, on both pages.
    await control("POST", `/requests/${stored.id}/reject`, { reason: "customer cancelled" });
    await expect(page.getByTestId("status-badge")).toHaveAttribute("data-state", "rejected", { timeout: budget(10_000) });
    await expect(page.getByTestId("payment-qr")).toHaveCount(0);
    await expect(checkout.getByTestId("payment-qr")).toHaveCount(0, { timeout: budget(10_000) });
    await phone.close();
  });

  test("a RefId1 already used at the provider by a request made outside PayDesk: refused in words, never taken over", async ({
    browser,
  }) => {
    const page = await signedIn(browser, "operator");
    await openCreateForm(page, "payin", COFFEE);
    const refId1 = await refId1Input(page).inputValue();
    // The same RefId1 and amount, made at the provider directly (its portal, another system) before PayDesk's submit.
    const credentials = JSON.parse(fs.readFileSync(path.join(dataDir, "sandbox", "credentials.json"), "utf8")) as {
      merchants: { name: string; orgId: string; merchantId: string; submitKey: string }[];
    };
    const coffee = credentials.merchants.find((m) => m.name === COFFEE)!;
    const elsewhere = await fetch(`${sandboxUrl}/api/PaymentRequest/org/${coffee.orgId}/action/SubmitPayInRequest/${coffee.merchantId}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Basic ${Buffer.from(`api:${coffee.submitKey}`).toString("base64")}` },
      body: JSON.stringify({ RefId1: refId1, PayerName: "Someone else", RequestedAmount: 275, Currency: "THB", QrProvider: "PP" }),
    });
    expect(elsewhere.status).toBe(200);
    // Older than the 5 s allowed for the provider's clock running behind PayDesk's: made a minute ago.
    const [madeElsewhere] = await control<Array<{ id: string }>>("GET", `/requests?refId1=${encodeURIComponent(refId1)}`);
    await control("POST", `/requests/${madeElsewhere!.id}/backdate`, { seconds: 60 });
    await fillPayIn(page, { amount: "275.00" });
    await page.getByRole("button", { name: "Create Pay-In" }).click();
    await landedOnRequest(page);
    // The live provider answers REF_ID1_DUPLICATE with an empty 500; PayDesk looks it up and refuses it.
    await expect(page.getByTestId("status-badge")).toHaveAttribute("data-state", "rejected", { timeout: budget(20_000) });
    await expect(page.getByTestId("request-fields")).toContainText("REF_ID1_USED_AT_PROVIDER");
    await expect(page.getByTestId("request-fields")).toContainText("RefId1 already used at the provider");
    await expect(page.getByTestId("checkout-link")).toHaveCount(0);
    await expect(page.getByTestId("money-paid")).toContainText("0.00");
    // The other request stays the other's: no checkout link, no provider id, no QR here.
    await expect(page.getByTestId("payment-qr")).toHaveCount(0);
  });

  test("a Pay-Out by a finance user: the live answer's envelope read, paid out, seen through", async ({ browser }) => {
    const page = await signedIn(browser, "finance");
    // The pay-out's webhook may land before the new page's live stream is listening (this run once
    // did): hold the stream until then, so the page must catch up by itself.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/events", async (route) => {
      await held;
      await route.continue();
    });
    await openCreateForm(page, "payout", COFFEE);
    const refId1 = await refId1Input(page).inputValue();
    await page.getByLabel("Amount").fill("1,500");
    await page.getByLabel("Bank", { exact: true }).selectOption("KBANK");
    await page.getByLabel("Account number").fill("123-4-56789-0");
    await page.getByLabel("Account name").fill("Somchai Jaidee");
    await page.getByRole("button", { name: "Review Pay-Out" }).click();
    await page.getByRole("dialog", { name: "Check before sending: Pay-Out" }).getByRole("button", { name: "Send to the provider" }).click();
    await landedOnRequest(page);
    // Pending means PayDesk understood the answer: an unread envelope would leave it "checking".
    await expect(page.getByTestId("status-badge")).toHaveAttribute("data-state", "pending");

    const stored = await storedAtSandbox(refId1);
    expect(stored.status).toBe("Pending");
    await control("POST", `/requests/${stored.id}/payout`, {});
    expect((await storedAtSandbox(refId1)).status).toBe("Approved");
    expect(await deliveriesFor(stored.id)).toMatchObject([{ event: "PaymentOut.Success", outcome: "delivered", httpStatus: 200 }]);
    await expect(page.getByTestId("status-badge")).toHaveAttribute("data-state", "pending");
    release();
    await expect(page.getByTestId("status-badge")).toHaveAttribute("data-state", "approved", { timeout: budget(10_000) });
  });

  test("a provider rejection answered as an empty HTTP 500: checking with the provider, then Rejected with its code", async ({
    browser,
  }) => {
    const page = await signedIn(browser, "operator");
    // Chiang Mai Gadgets has no SCB biller: the provider stores a Rejected request and, live, crashes.
    await openCreateForm(page, "payin", GADGETS);
    const refId1 = await refId1Input(page).inputValue();
    await fillPayIn(page, { amount: "150" });
    await page.getByLabel("SCB bill payment").check();
    await page.getByRole("button", { name: "Create Pay-In" }).click();
    await landedOnRequest(page);
    expect(await storedAtSandbox(refId1)).toMatchObject({ status: "Rejected", statusCode: "ERROR_NO_PAYIN_ACCOUNT_MATCH" });

    // The empty 500 said nothing: PayDesk looks the request up by RefId1 and settles it.
    await expect(page.getByTestId("unknown-notice")).toContainText("Checking with the provider");
    await expect(page.getByTestId("status-badge")).toHaveAttribute("data-state", "rejected", { timeout: budget(20_000) });
    await expect(page.getByTestId("unknown-notice")).toHaveCount(0);
    await expect(page.getByText("ERROR_NO_PAYIN_ACCOUNT_MATCH").first()).toBeVisible();
    await expect(page.getByText("No pay-in bank account is available for this request").first()).toBeVisible();
    // Never payable: no checkout link to hand out, though the lookup gave it an id and a window.
    await expect(page.getByTestId("checkout-refused")).toHaveText(
      "This request was refused when it was sent (see its code and reason): there is nothing to send to the customer.",
    );
    await expect(page.getByTestId("checkout-link")).toHaveCount(0);
    await expect(
      page.getByText("No answer to show: the request was refused when it was sent (see its code and reason above)."),
    ).toBeVisible();
  });
  test("a shop takes a payment through the merchant API: checkout, paid at the live provider, back at the shop, confirmed by API", async ({
    browser,
  }) => {
    const admin = await signedIn(browser, "admin");
    const port = await freePort();
    const key = await makeApiKey(admin, COFFEE, `http://127.0.0.1:${port}`);
    const shop = await startShop(appUrl, key, port);
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: { width: 390, height: 844 } });
    try {
      await payAtShop(await context.newPage(), shop, COFFEE, async (providerId) => {
        await control("POST", `/requests/${providerId}/pay`, {});
      });
    } finally {
      await context.close();
      shop.stop();
    }
  });
  test("a shop's order approved by hand at the live provider (status approved, no webhook) is paid at the shop", async ({ browser }) => {
    const admin = await signedIn(browser, "admin");
    const port = await freePort();
    const key = await makeApiKey(admin, COFFEE, `http://127.0.0.1:${port}`);
    const shop = await startShop(appUrl, key, port);
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: { width: 390, height: 844 } });
    try {
      // The provider's staff approve the Pay-In in their portal: PayDesk reads `approved` back, and
      // the shop must treat it as paid (examples/shop.mjs once waited for `paid` alone).
      await payAtShop(await context.newPage(), shop, COFFEE, async (providerId) => {
        await control("POST", `/requests/${providerId}/approve`, {});
      });
    } finally {
      await context.close();
      shop.stop();
    }
  });
});

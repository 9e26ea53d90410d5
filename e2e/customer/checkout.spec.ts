/**
 * The hosted checkout on a phone, in the `customer` project: Pixel 7, th-TH, Bangkok.
 * Each test makes its request through the console (e2e/support/checkout.ts) and opens the link
 * the console hands out, as a customer would. The sandbox makes the money move.
 */
import { lastCopied, recordClipboard } from "../support/clipboard";
import { expectNoAxeViolations } from "../support/axe";
import jsQR from "jsqr";
import fs from "node:fs";
import { PNG } from "pngjs";
import { expect, test } from "../support/sandbox";
import { expiredCheckoutPath, makeRequest, markPage, wasNotReloaded } from "../support/checkout";
import { GADGETS, uniqueRefId1 } from "../support/create-forms";
import { budget } from "../support/config";

test.beforeEach(({}) => {
  test.setTimeout(budget(60_000));
});

const live = (page: import("@playwright/test").Page) => page.getByTestId("checkout-live");

test("a QR Pay-In in Thai: the exact amount, the QR, bank details to copy, the slip link and the time left @deployed", async ({
  page,
  browser,
  sandbox,
  context,
}) => {
  await recordClipboard(context);
  const made = await makeRequest(browser, { amount: "325.00" });
  const atProvider = await sandbox.control<{ qrCode: string; generatedAmount: number; payinBankAccountNo: string }>(
    "GET",
    `/requests/${made.providerId}`,
  );
  const response = await page.goto(made.checkoutUrl);
  // Nobody signs in here: the customer's phone gets no cookie (lib/http/public-paths.ts).
  expect((await response!.allHeaders())["set-cookie"]).toBeUndefined();

  await expect(page.locator("html")).toHaveAttribute("lang", "th");
  await expect(page.getByTestId("merchant-name")).toHaveText("Siam Coffee Roasters");
  const amount = `฿${atProvider.generatedAmount.toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
  await expect(page.getByTestId("amount")).toHaveText(amount);
  await expect(page.getByText("กรุณาโอนยอดนี้ให้ตรงทุกสตางค์")).toBeVisible();
  // The QR is the provider's payload exactly, named for screen readers, and above the fold on a phone.
  const qr = page.getByRole("img", { name: `คิวอาร์พร้อมเพย์: ชำระ ${amount} ให้ Siam Coffee Roasters` });
  await expect(qr).toHaveAttribute("data-qr-value", atProvider.qrCode);
  await expect(qr).toBeInViewport();
  await expect(page.getByTestId("amount")).toBeInViewport();

  // Bank details with copy buttons that say so, to the eye and to screen readers.
  const bank = page.getByTestId("bank-details");
  await expect(bank).toContainText("หรือโอนเข้าบัญชีนี้");
  await expect(bank).toContainText(atProvider.payinBankAccountNo);
  await page.getByRole("button", { name: "คัดลอก: เลขที่บัญชี" }).click();
  await expect(bank.getByRole("status").filter({ hasText: "คัดลอกแล้ว" })).toBeVisible();
  expect(await lastCopied(page)).toBe(atProvider.payinBankAccountNo);
  await page.getByRole("button", { name: "คัดลอก: ยอดที่ต้องชำระ" }).click();
  expect(await lastCopied(page)).toBe(atProvider.generatedAmount.toFixed(2));

  // The slip link: a QR of it and a plain button to it.
  await expect(page.getByTestId("slip-qr")).toHaveAttribute("data-qr-value", made.slipUrl!);
  // Its own image, loaded lazily below the fold; it scans to the slip link.
  const slipQr = page.getByRole("img", { name: "คิวอาร์ของลิงก์อัปโหลดสลิป" });
  await slipQr.scrollIntoViewIfNeeded();
  await expect.poll(() => slipQr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const slipShot = PNG.sync.read(await slipQr.screenshot());
  expect(jsQR(new Uint8ClampedArray(slipShot.data), slipShot.width, slipShot.height)?.data).toBe(made.slipUrl);
  await expect(page.getByRole("link", { name: "อัปโหลดสลิปการโอน" })).toHaveAttribute("href", made.slipUrl!);

  // The countdown: 15 minutes from creation at the spec profile, in Thai, not yet urgent.
  await expect(page.getByTestId("countdown")).toContainText(/1[0-5] นาที \d\d วินาที/);
  await expect(page.getByTestId("countdown")).toHaveAttribute("data-hurry", "false");
  await expect(live(page)).toHaveAttribute("data-state", "pending");

  await expectNoAxeViolations(page);
});

test("Save QR downloads a PNG whose QR is the payment's, with a one-line instruction", async ({ page, browser, sandbox }) => {
  const made = await makeRequest(browser, { amount: "88.00" });
  const atProvider = await sandbox.control<{ qrCode: string }>("GET", `/requests/${made.providerId}`);
  await page.goto(made.checkoutUrl);
  await expect(page.getByText("บันทึกคิวอาร์ แล้วเปิดจากเมนู “สแกนจากรูปภาพ” ในแอปธนาคาร")).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "บันทึกคิวอาร์" }).click()]);
  expect(download.suggestedFilename()).toBe(`qr-${made.refId1}.png`);
  const png = PNG.sync.read(fs.readFileSync((await download.path())!));
  // The card is taller than wide: the amount and the merchant's name are drawn under the QR.
  expect(png.height).toBeGreaterThan(png.width);
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(decoded?.data).toBe(atProvider.qrCode);
  await expect(page.getByText("บันทึกคิวอาร์แล้ว")).toBeVisible();
});

test("the page turns to paid by itself within 2 s of the payment, without a reload, and the QR is gone @deployed", async ({
  page,
  browser,
  sandbox,
}) => {
  const made = await makeRequest(browser, { amount: "150.00" });
  await page.goto(made.checkoutUrl);
  await expect(live(page)).toHaveAttribute("data-hub", "connected");
  await markPage(page);
  await sandbox.control("POST", `/requests/${made.providerId}/pay`, {});
  await expect(live(page)).toHaveAttribute("data-state", /^(paid|approved)$/, { timeout: budget(2_000) });
  const outcome = page.getByTestId("checkout-outcome");
  await expect(outcome.getByRole("heading")).toHaveText("✓ ได้รับเงินแล้ว");
  await expect(outcome).toContainText(made.refId1);
  await expect(page.getByTestId("payment-qr")).toHaveCount(0);
  // No QR is left, not even the slip link's: a paid page is a receipt (e2e/checkout-paid.spec.ts).
  await expect(page.locator("svg")).toHaveCount(0);
  await expect(page.getByRole("img", { name: "คิวอาร์ของลิงก์อัปโหลดสลิป" })).toHaveCount(0);
  expect(await wasNotReloaded(page)).toBe(true);
  await expectNoAxeViolations(page);
});

test("with webhooks lost, the provider's hub alone brings the payment, also after its WebSocket was cut", async ({
  page,
  browser,
  sandbox,
}) => {
  const made = await makeRequest(browser, { amount: "151.00" });
  await sandbox.control("POST", "/faults", { operation: "webhook", kind: "drop", count: 5, match: { requestId: made.providerId } });
  await page.goto(made.checkoutUrl);
  await expect(live(page)).toHaveAttribute("data-hub", "connected");
  await markPage(page);
  await expect(live(page)).toHaveAttribute("data-hub-joins", "1");
  await sandbox.control("POST", "/hub/drop");
  await expect(live(page)).toHaveAttribute("data-hub-joins", "2", { timeout: budget(10_000) });
  await expect(live(page)).toHaveAttribute("data-hub", "connected");
  await sandbox.control("POST", `/requests/${made.providerId}/pay`, {});
  await expect(live(page)).toHaveAttribute("data-state", "paid", { timeout: budget(2_000) });
  expect(await wasNotReloaded(page)).toBe(true);
});

test("while the status stream and the hub are still connecting on a slow network, the page says it is waiting, not that the connection is lost", async ({
  page,
  browser,
}) => {
  const made = await makeRequest(browser, { amount: "155.00" });
  // A slow network: the stream answers only when the test lets it (at most 30 s, so a failed test does not
  // leave it hanging), the hub's handshake never comes. Not after a fixed 3 s: on a loaded machine the page
  // took longer than that to load, and the stream had come before the first look.
  let releaseStream = () => {};
  const streamHeld = new Promise<void>((resolve) => (releaseStream = resolve));
  await page.route("**/events", async (route) => {
    await Promise.race([streamHeld, new Promise((resolve) => setTimeout(resolve, budget(30_000)))]);
    await route.continue().catch(() => undefined);
  });
  await page.routeWebSocket(/\/realtime\/payment-tx/, () => {});
  await page.goto(made.checkoutUrl);
  // Loaded, so its deferred script has run; and again after the countdown's next tick. Read once,
  // not retried: by the time a retry gave up the stream would have come.
  const countdown = page.getByTestId("countdown");
  for (const moment of ["loaded", "a tick later"]) {
    if (moment !== "loaded") await expect(countdown).not.toHaveText((await countdown.textContent()) ?? "");
    expect(await live(page).getAttribute("data-stream"), moment).toBe("connecting");
    expect(await page.getByTestId("live-line").getAttribute("data-shows"), moment).toBe("live");
    expect(await page.getByTestId("live-line").textContent(), moment).toBe("กำลังรอการชำระเงิน…");
  }
  releaseStream();
  await expect(live(page)).toHaveAttribute("data-stream", "open");
  await expect(page.getByTestId("live-line")).toHaveAttribute("data-shows", "live");
});

test("when neither the stream nor the hub can be held, polling brings the status; going offline is said, and coming back catches up", async ({
  page,
  browser,
  sandbox,
  context,
}) => {
  const made = await makeRequest(browser, { amount: "152.00" });
  // A proxy that refuses event streams, and a hub that never answers the handshake.
  await page.route("**/events", (route) => route.fulfill({ status: 503, body: "no streams here" }));
  await page.routeWebSocket(/\/realtime\/payment-tx/, () => {});
  await page.goto(made.checkoutUrl);
  await expect(live(page)).toHaveAttribute("data-stream", "polling");
  await markPage(page);
  await context.setOffline(true);
  await expect(page.getByText("การเชื่อมต่อขาดหาย กำลังเชื่อมต่อใหม่… การชำระของคุณไม่สูญหาย")).toBeVisible();
  await sandbox.control("POST", `/requests/${made.providerId}/pay`, {});
  await context.setOffline(false);
  await expect(live(page)).toHaveAttribute("data-state", /^(paid|approved)$/, { timeout: budget(10_000) });
  await expect(page.getByTestId("checkout-outcome").getByRole("heading")).toHaveText("✓ ได้รับเงินแล้ว");
  expect(await wasNotReloaded(page)).toBe(true);
});

test("a rejected request says so with the reason, and shows no QR", async ({ page, browser, sandbox }) => {
  const made = await makeRequest(browser, { amount: "153.00" });
  await page.goto(made.checkoutUrl);
  await expect(live(page)).toHaveAttribute("data-stream", "open");
  await sandbox.control("POST", `/requests/${made.providerId}/reject`, { reason: "Suspicious activity" });
  await expect(live(page)).toHaveAttribute("data-state", "rejected", { timeout: budget(5_000) });
  const outcome = page.getByTestId("checkout-outcome");
  await expect(outcome.getByRole("heading")).toHaveText("✕ การชำระเงินไม่ได้รับการอนุมัติ");
  await expect(outcome).toContainText("Suspicious activity");
  await expect(page.getByTestId("payment-qr")).toHaveCount(0);
  await expect(page.getByTestId("slip-section")).toHaveCount(0);
});

test("an expired request: crossed-out QR and 'do not pay this QR', also when opened later, with JavaScript off", async ({
  page,
  browser,
  sandbox,
}) => {
  const made = await makeRequest(browser, { amount: "154.00" });
  await page.goto(made.checkoutUrl);
  await expect(live(page)).toHaveAttribute("data-stream", "open");
  await sandbox.control("POST", `/requests/${made.providerId}/expire`, {});
  await expect(live(page)).toHaveAttribute("data-state", "expired", { timeout: budget(5_000) });
  await expect(page.getByTestId("checkout-outcome")).toContainText("ห้ามชำระด้วยคิวอาร์นี้");
  await expect(page.getByText("คิวอาร์นี้ใช้ไม่ได้แล้ว")).toBeVisible();
  await expect(page.getByTestId("payment-qr")).toHaveCount(0);

  // Opened afterwards: the server's HTML itself carries no payment QR (nothing to scan, even before scripts run).
  const noJs = await browser.newContext({ javaScriptEnabled: false, locale: "th-TH" });
  try {
    const later = await noJs.newPage();
    await later.goto(made.checkoutUrl);
    await expect(later.getByTestId("checkout-outcome")).toContainText("รายการชำระเงินนี้หมดอายุแล้ว");
    await expect(later.getByTestId("payment-qr")).toHaveCount(0);
    expect(await later.content()).not.toContain('data-qr-value="000201');
  } finally {
    await noJs.close();
  }
});

test("with JavaScript off the amount and the QR are already in the page", async ({ browser }) => {
  const made = await makeRequest(browser, { amount: "155.00" });
  const noJs = await browser.newContext({ javaScriptEnabled: false, locale: "th-TH" });
  try {
    const page = await noJs.newPage();
    await page.goto(made.checkoutUrl);
    await expect(page.getByTestId("amount")).toHaveText(/^฿155\.\d\d$/);
    await expect(page.getByTestId("payment-qr").locator("svg")).toBeVisible();
    await expect(page.getByTestId("payment-qr")).toHaveAttribute("data-qr-value", /^000201/);
  } finally {
    await noJs.close();
  }
});

test("the countdown keeps server time on a phone whose clock is two hours wrong", async ({ page, browser }) => {
  const made = await makeRequest(browser, { amount: "156.00" });
  await page.clock.install({ time: Date.now() - 2 * 60 * 60 * 1000 });
  await page.goto(made.checkoutUrl);
  await expect(page.getByTestId("countdown")).toContainText(/1[0-5] นาที \d\d วินาที/);
  await expect(page.getByTestId("countdown")).toHaveAttribute("data-hurry", "false");
});

test("in the last 5 minutes the countdown turns urgent, and at zero the QR goes and the page says expired", async ({
  page,
  browser,
  sandbox,
}) => {
  test.setTimeout(budget(120_000));
  // A merchant whose Pay-Ins last one minute, just while this one is made (the other tests use Siam Coffee).
  const gadgets = sandbox.merchants.find((m) => m.name === GADGETS)!;
  await sandbox.control("PATCH", `/merchants/${gadgets.merchantId}`, { payinExpireMinutes: 1 });
  let made;
  try {
    made = await makeRequest(browser, { amount: "159.00", merchant: GADGETS });
  } finally {
    await sandbox.control("PATCH", `/merchants/${gadgets.merchantId}`, { payinExpireMinutes: null });
  }
  await page.goto(made.checkoutUrl);
  const countdown = page.getByTestId("countdown");
  await expect(countdown).toHaveAttribute("data-hurry", "true");
  await expect(countdown).toContainText(/^เวลาที่เหลือ 0 นาที [0-5]\d วินาที/);
  await expect(countdown.getByRole("alert")).toHaveText("เหลือไม่ถึง 5 นาที กรุณาชำระตอนนี้");
  await expect(page.getByTestId("payment-qr")).toBeVisible();
  await expect(live(page)).toHaveAttribute("data-state", "expired", { timeout: budget(70_000) });
  await expect(page.getByTestId("payment-qr")).toHaveCount(0);
  await expect(page.getByTestId("checkout-outcome")).toContainText("รายการชำระเงินนี้หมดอายุแล้ว");
});

test("a P2P Pay-In to an account without PromptPay: bank details are the page, with no QR", async ({ page, browser, sandbox }) => {
  // The provider matches a P2P Pay-In to the oldest pending pay-out, of any merchant, with enough
  // left (docs/provider-facts.md §5.5). Above every other pay-out the suite makes (the largest is 60,000),
  // only this one can take it — Chiang Mai Gadgets takes Pay-Ins up to 200,000.
  const merchant = sandbox.merchants[0]!;
  const amount = 150_000 + Math.floor(Math.random() * 40_000);
  await sandbox.provider("SubmitPayOutRequest", merchant, {
    RefId1: uniqueRefId1("E2E-CKO"),
    RequestedAmount: amount,
    QrProvider: "PP",
    BankCode: "KBANK",
    BankAccountNo: "0987654321",
    BankAccountName: "Somsri Rakdee",
  });
  const made = await makeRequest(browser, { kind: "p2p", amount: `${amount}.00`, merchant: GADGETS });
  await page.goto(made.checkoutUrl);
  await expect(page.getByTestId("amount")).toHaveText(`฿${amount.toLocaleString("en-US")}.00`);
  await expect(page.getByTestId("payment-qr")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "บันทึกคิวอาร์" })).toHaveCount(0);
  const bank = page.getByTestId("bank-details");
  await expect(bank.getByRole("heading")).toHaveText("โอนเข้าบัญชีนี้");
  await expect(bank).toContainText("ธนาคารกสิกรไทย (Kasikornbank)");
  await expect(bank).toContainText("0987654321");
  await expect(bank).toContainText("Somsri Rakdee");
  await expect(bank).not.toContainText("พร้อมเพย์");
});

test("English on request, remembered, and back to Thai", async ({ page, browser }) => {
  const made = await makeRequest(browser, { amount: "157.00" });
  await page.goto(made.checkoutUrl);
  await page.getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(made.checkoutUrl);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByText("Transfer exactly this amount, satang included")).toBeVisible();
  await page.reload();
  await expect(page.getByText("Amount to pay")).toBeVisible();
  await page.getByRole("link", { name: "ไทย" }).click();
  await expect(page.getByText("ยอดที่ต้องชำระ")).toBeVisible();
});

test("a wrong, a cut-short and an expired link get a friendly page with no request data", async ({ page, browser }) => {
  await page.goto("/checkout/not-a-token");
  await expect(page.getByTestId("checkout-bad-link")).toContainText("ลิงก์ชำระเงินนี้ใช้ไม่ได้");
  await expectNoAxeViolations(page);
  await page.goto("/checkout");
  await expect(page.getByTestId("checkout-bad-link")).toBeVisible();

  const made = await makeRequest(browser, { amount: "158.00" });
  // The same request under a forged signature opens nothing.
  const [payload] = new URL(made.checkoutUrl).pathname.split("/").at(-1)!.split(".");
  await page.goto(`/checkout/${payload}.AAAAAAAAAAAAAAAAAAAAAA`);
  await expect(page.getByTestId("checkout-bad-link")).toBeVisible();
  await expect(page.getByTestId("amount")).toHaveCount(0);

  const expired = expiredCheckoutPath(made.id);
  test.skip(!expired, "needs the e2e PayDesk's own secret to sign an expired link");
  await page.goto(expired!);
  await expect(page.getByTestId("checkout-expired-link")).toContainText("ลิงก์ชำระเงินนี้หมดอายุแล้ว");
  await expect(page.getByTestId("amount")).toHaveCount(0);
  await expect(page.getByTestId("merchant-name")).toHaveText("PayDesk");
});

test("on a 360×640 phone the merchant, the amount and the QR are above the fold; at 200% zoom nothing needs sideways scrolling; the keyboard reaches the copy buttons", async ({
  page,
  browser,
}) => {
  const made = await makeRequest(browser, { amount: "160.00" });
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto(made.checkoutUrl);
  await expect(page.getByTestId("merchant-name")).toBeInViewport();
  await expect(page.getByTestId("amount")).toBeInViewport();
  await expect(page.getByTestId("payment-qr")).toBeInViewport({ ratio: 1 });

  // 200% zoom on that phone is a 180 CSS-pixel-wide viewport.
  await page.setViewportSize({ width: 180, height: 320 });
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .map((el) => `${el.tagName}.${el.className}`.slice(0, 80)),
  );
  expect(wide).toEqual([]);

  await page.setViewportSize({ width: 360, height: 640 });
  const copyAmount = page.getByRole("button", { name: "คัดลอก: ยอดที่ต้องชำระ" });
  for (let i = 0; i < 10 && !(await copyAmount.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(copyAmount).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("คัดลอกแล้ว", { exact: true }).first()).toBeVisible();
});

test("on a 390×844 phone the time left is in the amount's card, on the first screen", async ({ page, browser }) => {
  const made = await makeRequest(browser, { amount: "161.00" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(made.checkoutUrl);
  const countdown = page.getByTestId("countdown");
  await expect(countdown).toBeInViewport({ ratio: 1 });
  // Beside the amount: right under it, in the same card.
  const amount = (await page.getByTestId("amount").boundingBox())!;
  const time = (await countdown.boundingBox())!;
  expect(time.y - (amount.y + amount.height)).toBeLessThan(24);
  await expect(page.locator("section[aria-labelledby=amount-label] [data-testid=countdown]")).toHaveCount(1);
});

test("the page's own routes refuse a bad token in words, and an unknown language changes nothing", async ({ request, browser }) => {
  for (const route of ["status", "events"]) {
    const res = await request.get(`/checkout/not-a-token/${route}`);
    expect(res.status(), route).toBe(404);
    expect(await res.json()).toEqual({ error: "This payment link does not work." });
  }
  const qr = await request.get("/checkout/not-a-token/slip-qr");
  expect(qr.status()).toBe(404);
  expect(await qr.text()).toBe("This payment link has no slip upload QR.");
  const made = await makeRequest(browser, { amount: "161.00" });
  const path = new URL(made.checkoutUrl).pathname;
  const res = await request.get(`${path}/language?to=klingon`, { maxRedirects: 0 });
  expect(res.status()).toBe(303);
  expect(res.headers()["location"]).toBe(path);
  expect(res.headers()["set-cookie"]).toBeUndefined();
  const ok = await request.get(`${path}/status`);
  expect((await ok.json()).status.state).toBe("pending");
});

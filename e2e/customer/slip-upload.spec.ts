/**
 * The slip upload page on a phone, `customer` project. Links come from requests made in
 * the console (e2e/support/checkout.ts); slip images are generated in the test (e2e/support/slips.ts).
 * Each test gets its own client address (X-Forwarded-For), so the per-address budgets of the public
 * pages count each test separately, as they would count separate customers.
 */
import { randomUUID } from "node:crypto";
import { expectNoAxeViolations } from "../support/axe";
import { devices, type Page } from "@playwright/test";
import { skipWithoutRole, storageStatePath } from "../support/auth-users";
import { budget, E2E } from "../support/config";
import { makeRequest, markPage, wasNotReloaded } from "../support/checkout";
import { skipWithout } from "../support/deployment";
import { askPatiently, slipAnswerTimeout, slipPatienceMs } from "../support/slip-patience";
import { expect, test, type SandboxClient } from "../support/sandbox";
import { largePhoto, notAnImage, oversizedImage, plainSlip, slipWithQr, truncatedImage } from "../support/slips";

test.use({ extraHTTPHeaders: async ({}, use) => use({ "X-Forwarded-For": `10.${rnd()}.${rnd()}.${rnd()}` }) });
const rnd = () => Math.floor(Math.random() * 250) + 1;

test.beforeEach(({}, testInfo) => {
  // The page, its duplicate check and its upload may each wait out a busy share of the provider's budget.
  test.setTimeout(budget(60_000) + 3 * slipPatienceMs());
  // A deployment that does not believe this machine's X-Forwarded-For counts every test's slip
  // pages against one address, which the slip page allows 60 pages in 10 minutes
  // (lib/slips/link.ts SLIP_LIMITS): this file alone would spend them, and every later test would
  // meet "too many tries". There only the test about a deployed PayDesk runs.
  if (!testInfo.tags.includes("@deployed")) skipWithout(test, "trusted X-Forwarded-For");
});

/** A reference unique to this run, so duplicates come only from the tests that mean to make them. */
const uniqueRef = () =>
  `${Date.now().toString(36).toUpperCase()}SLIP${Math.random().toString(36).slice(2, 8).toUpperCase()}`.replace(/[^A-Z0-9]/g, "");

const pickFile = (page: Page, file: string) => page.getByLabel(/เลือกรูปสลิป|เลือกรูปอื่น/).setInputFiles(file);

test("a slip whose QR fills in the reference: the request is shown, the upload lands at the provider and on the console's timeline @deployed", async ({
  page,
  browser,
  sandbox,
}) => {
  const made = await makeRequest(browser, { amount: "210.00" });
  await page.goto(made.slipUrl!);
  const card = page.getByTestId("slip-request");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("อัปโหลดสลิปการโอน");
  await expect(card).toContainText("Siam Coffee Roasters");
  await expect(card).toContainText(/฿210\.\d\d/);
  await expect(card).toContainText("สมหญิง ใจงาม");
  await expect(card).toContainText(made.refId1);

  const reference = uniqueRef();
  await pickFile(page, slipWithQr(reference));
  await expect(page.getByTestId("slip-preview")).toBeVisible();
  await expect(page.getByLabel("4 ตัวแรก")).toHaveValue(reference.slice(0, 4));
  await expect(page.getByLabel("4 ตัวท้าย")).toHaveValue(reference.slice(-4));
  await expect(page.getByTestId("ref-from-qr")).toHaveText("กรอกให้จากคิวอาร์โค้ดในสลิปแล้ว กรุณาตรวจสอบและแก้ไขหากไม่ถูกต้อง");
  await page.getByLabel("หมายเหตุ (ไม่บังคับ)").fill("โอนจากบัญชีภรรยา");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "อัปโหลดสลิป" }).click();
  await expect(page.getByTestId("slip-done")).toContainText("อัปโหลดสลิปแล้ว", { timeout: slipAnswerTimeout() });

  const slips = await slipsAtProvider(sandbox, made.providerId);
  expect(slips).toHaveLength(1);
  expect(slips[0]).toMatchObject({ first4: reference.slice(0, 4), last4: reference.slice(-4), note: "โอนจากบัญชีภรรยา" });
  // Scaled down in the browser and sent as JPEG.
  const jpeg = Buffer.from(slips[0]!.imageBase64.replace(/^data:[^,]+,/, ""), "base64");
  expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

  skipWithoutRole(test, "admin");
  const staff = await browser.newContext({
    ...devices["Desktop Chrome"],
    locale: "en-GB",
    storageState: storageStatePath("admin"),
    baseURL: E2E.baseUrl,
  });
  try {
    const console = await staff.newPage();
    await console.goto(`/requests/${made.id}`);
    const entry = console.locator('[data-testid="timeline-entry"][data-type="slip_uploaded"]');
    await expect(entry).toContainText("Slip uploaded · customer");
    await expect(entry).toContainText("โอนจากบัญชีภรรยา");
  } finally {
    await staff.close();
  }
});

test("the picker: 'take a photo' and 'choose from the gallery' are large buttons on a 360 px phone, the picked slip shows in it, and axe finds nothing", async ({
  page,
  browser,
}) => {
  const made = await makeRequest(browser, { amount: "219.00" });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(made.slipUrl!);
  const camera = page.getByLabel("ถ่ายรูปสลิป");
  const gallery = page.getByLabel("เลือกรูปสลิปจากคลังภาพ");
  // The camera opens at once; the gallery offers every picture (screenshots from the banking app).
  await expect(camera).toHaveAttribute("accept", "image/*");
  await expect(camera).toHaveAttribute("capture", "environment");
  await expect(gallery).toHaveAttribute("accept", "image/*");
  await expect(gallery).not.toHaveAttribute("capture");
  const cameraButton = page.locator("label", { has: page.locator("#slip-camera") });
  const galleryButton = page.locator("label", { has: page.locator("#slip-image") });
  for (const button of [cameraButton, galleryButton]) {
    await expect(button).toBeVisible();
    const box = (await button.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  // Thai first: the camera above the gallery, both in the box that says nothing is chosen yet.
  expect((await cameraButton.boundingBox())!.y).toBeLessThan((await galleryButton.boundingBox())!.y);
  await expect(page.getByText("ยังไม่มีรูปสลิป")).toBeVisible();
  await expect(page.getByTestId("slip-preview")).toHaveCount(0);

  // From the keyboard the focused button shows it.
  await camera.focus();
  await page.keyboard.press("Tab");
  await expect(gallery).toBeFocused();
  await expect(galleryButton).toHaveCSS("outline-style", "solid");
  await expect(galleryButton).toHaveCSS("outline-width", "2px");

  // A tap on the gallery button opens the phone's picker; the picked slip shows in the box.
  const chooser = page.waitForEvent("filechooser");
  await galleryButton.click();
  await (await chooser).setFiles(largePhoto(700, 1100));
  const preview = page.getByTestId("slip-preview");
  await expect(preview).toBeVisible();
  await expect(preview).toHaveAttribute("alt", "สลิปที่เลือก");
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([700, 1100]);
  await expect(page.getByText("ยังไม่มีรูปสลิป")).toHaveCount(0);
  await expect(page.getByLabel("เลือกรูปอื่นจากคลังภาพ")).toBeAttached();
  await expect(page.getByLabel("ถ่ายรูปใหม่")).toBeAttached();

  // The camera button opens a picker too (the camera itself on a phone): a new photo replaces the slip.
  const reference = uniqueRef();
  const photo = page.waitForEvent("filechooser");
  await cameraButton.click();
  await (await photo).setFiles(slipWithQr(reference));
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([900, 1400]);
  await expect(page.getByLabel("4 ตัวแรก")).toHaveValue(reference.slice(0, 4));
  await expectNoAxeViolations(page);
});

test("switching the language keeps the picked slip and what was typed, and the upload then sends that slip", async ({
  page,
  browser,
  sandbox,
}) => {
  const made = await makeRequest(browser, { amount: "220.00" });
  await page.goto(made.slipUrl!);
  await markPage(page);
  await pickFile(page, largePhoto(640, 1000));
  await expect(page.getByTestId("slip-preview")).toBeVisible();
  const reference = uniqueRef();
  await page.getByLabel("4 ตัวแรก").fill(reference.slice(0, 4));
  await page.getByLabel("4 ตัวท้าย").fill(reference.slice(-4));
  await page.getByLabel("หมายเหตุ (ไม่บังคับ)").fill("โอนจากมือถือ");

  await page.getByRole("navigation", { name: "ภาษา" }).getByRole("link", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Upload your payment slip");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "English" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  expect(await wasNotReloaded(page)).toBe(true);
  await expect(page.getByTestId("slip-preview")).toBeVisible();
  await expect(page.getByTestId("slip-preview")).toHaveAttribute("alt", "The slip you chose");
  await expect(page.getByLabel("Choose another from the gallery")).toBeAttached();
  await expect(page.getByLabel("First 4")).toHaveValue(reference.slice(0, 4));
  await expect(page.getByLabel("Last 4")).toHaveValue(reference.slice(-4));
  await expect(page.getByLabel("Note (optional)")).toHaveValue("โอนจากมือถือ");
  // The choice is remembered like the plain link's: the next visit opens in English.
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "paydesk_locale")?.value).toBe("en");

  await page.getByRole("button", { name: "Upload slip" }).click();
  await expect(page.getByTestId("slip-done")).toContainText("Slip uploaded", { timeout: slipAnswerTimeout() });
  const slips = await slipsAtProvider(sandbox, made.providerId);
  expect(slips).toHaveLength(1);
  expect(slips[0]).toMatchObject({ first4: reference.slice(0, 4), last4: reference.slice(-4), note: "โอนจากมือถือ" });
  // The slip picked before the switch, not another: its size.
  expect(jpegSize(Buffer.from(slips[0]!.imageBase64.replace(/^data:[^,]+,/, ""), "base64"))).toEqual({ width: 640, height: 1000 });
});

test("a language switch that cannot reach PayDesk keeps the page as it was and says so", async ({ page, browser }) => {
  const made = await makeRequest(browser, { amount: "221.00" });
  await page.goto(made.slipUrl!);
  await pickFile(page, plainSlip());
  await expect(page.getByTestId("slip-preview")).toBeVisible();
  const languageRoute = (url: URL) => url.pathname.endsWith("/language");
  await page.route(languageRoute, (route) => route.abort("internetdisconnected"));
  await page.getByRole("link", { name: "English" }).click();
  await expect(page.getByTestId("language-failed")).toHaveText("เปลี่ยนภาษาไม่ได้ เนื่องจาก PayDesk ไม่ตอบสนอง รูปและข้อมูลที่กรอกไว้ยังอยู่ กรุณาลองอีกครั้ง");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("อัปโหลดสลิปการโอน");
  await expect(page.getByTestId("slip-preview")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.unroute(languageRoute);
  await page.getByRole("link", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Upload your payment slip");
  await expect(page.getByTestId("language-failed")).toHaveCount(0);
  await expect(page.getByTestId("slip-preview")).toBeVisible();
});

test("a reference already uploaded warns first: cancel keeps the form, 'upload anyway' goes ahead", async ({ page, browser, sandbox }) => {
  const first = await makeRequest(browser, { amount: "211.00" });
  const second = await makeRequest(browser, { amount: "212.00" });
  const reference = uniqueRef();
  await page.goto(first.slipUrl!);
  await pickFile(page, slipWithQr(reference));
  await expect(page.getByLabel("4 ตัวแรก")).toHaveValue(reference.slice(0, 4));
  await page.getByRole("button", { name: "อัปโหลดสลิป" }).click();
  await expect(page.getByTestId("slip-done")).toBeVisible({ timeout: slipAnswerTimeout() });

  await page.goto(second.slipUrl!);
  await pickFile(page, plainSlip());
  await page.getByLabel("4 ตัวแรก").fill(reference.slice(0, 4).toLowerCase());
  await page.getByLabel("4 ตัวท้าย").fill(`-${reference.slice(-4)}`);
  await expect(page.getByLabel("4 ตัวแรก")).toHaveValue(reference.slice(0, 4));
  await expect(page.getByLabel("4 ตัวท้าย")).toHaveValue(reference.slice(-4));
  await page.getByRole("button", { name: "อัปโหลดสลิป" }).click();
  const warning = page.getByTestId("slip-duplicates");
  await expect(warning.getByRole("heading")).toHaveText("มีสลิปเลขอ้างอิงนี้อัปโหลดไว้แล้ว");
  await expect(warning).toContainText("พบการอัปโหลดก่อนหน้า 1 รายการ");
  await warning.getByRole("button", { name: "ยกเลิก" }).click();
  await expect(page.getByLabel("4 ตัวท้าย")).toHaveValue(reference.slice(-4));
  await expect(page.getByTestId("slip-preview")).toBeVisible();
  expect(await sandbox.control<unknown[]>("GET", `/slips?requestId=${second.providerId}`)).toHaveLength(0);

  await page.getByRole("button", { name: "อัปโหลดสลิป" }).click();
  await page.getByTestId("slip-duplicates").getByRole("button", { name: "อัปโหลดต่อ" }).click();
  await expect(page.getByTestId("slip-done")).toBeVisible({ timeout: slipAnswerTimeout() });
  expect(await sandbox.control<unknown[]>("GET", `/slips?requestId=${second.providerId}`)).toHaveLength(1);
});

test("files that are not slips get a clear message, and the slip picked before stays", async ({ page, browser }) => {
  const made = await makeRequest(browser, { amount: "213.00" });
  await page.goto(made.slipUrl!);
  const error = page.locator("#slip-image-error");
  await pickFile(page, notAnImage());
  await expect(error).toHaveText("ไฟล์นี้ไม่ใช่รูปภาพ JPG, PNG หรือ WebP กรุณาเลือกรูปสลิป");
  await pickFile(page, truncatedImage());
  await expect(error).toHaveText("อ่านรูปนี้ไม่ได้ ไฟล์อาจเสียหาย กรุณาถ่ายรูปหรือแคปหน้าจอใหม่");
  await pickFile(page, oversizedImage());
  await expect(error).toHaveText("รูปนี้ใหญ่เกินไป กรุณาเลือกรูปที่เล็กลงหรือภาพหน้าจอสลิป");
  await pickFile(page, plainSlip());
  await expect(error).toHaveCount(0);
  await expect(page.getByTestId("slip-preview")).toBeVisible();
  await pickFile(page, notAnImage());
  await expect(error).toBeVisible();
  await expect(page.getByTestId("slip-preview")).toBeVisible();
  // Half a reference is refused in words, before anything is sent.
  await page.getByLabel("4 ตัวแรก").fill("AB12");
  await page.getByRole("button", { name: "อัปโหลดสลิป" }).click();
  await expect(page.locator("#ref-error")).toHaveText("กรอกทั้งสองช่อง ช่องละ 4 ตัว หรือเว้นว่างทั้งสองช่อง");
});

test("the server judges the upload by its bytes too, and limits uploads per link", async ({ request, browser }) => {
  // It counts the link's ten attempts: a "busy" answer would spend one, and sending it again another.
  skipWithout(test, "rate limit off");
  const made = await makeRequest(browser, { amount: "214.00" });
  const upload = new URL(made.slipUrl!).pathname + "/upload";
  const post = (image: Buffer, extra: Record<string, string> = {}) =>
    request.post(upload, {
      multipart: { image: { name: "slip.jpg", mimeType: "image/jpeg", buffer: image }, first4: "", last4: "", note: "", ...extra },
    });
  const notImage = await post(Buffer.from("<html>definitely a jpeg</html>"));
  expect(notImage.status()).toBe(400);
  expect(await notImage.json()).toEqual({ problem: "not_image" });
  const badRef = await post(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0xff, 0xd9]), { first4: "AB1", last4: "XYZ9" });
  expect(await badRef.json()).toEqual({ problem: "bad_reference" });
  const cut = await post(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
  expect(await cut.json()).toEqual({ problem: "corrupt" });
  // Ten attempts per link per hour, whoever sends them: the eleventh is refused before the provider is asked.
  for (let i = 3; i < 10; i++) expect((await post(Buffer.from("x"))).status()).toBe(400);
  const refused = await post(Buffer.from("x"));
  expect(refused.status()).toBe(429);
  expect(await refused.json()).toEqual({ problem: "rate_limited" });
});

test("the duplicate check refuses a half reference and a malformed link, in words", async ({ request, browser }) => {
  const made = await makeRequest(browser, { amount: "218.00" });
  const base = new URL(made.slipUrl!).pathname;
  const half = await request.get(`${base}/duplicates?first4=AB&last4=XYZ9`);
  expect(half.status()).toBe(400);
  expect(await half.json()).toEqual({ problem: "bad_reference" });
  const malformed = await request.get(`/payin-slip-upload/org/not-a-uuid/nor-this/duplicates?first4=ABCD&last4=WXYZ`);
  expect(malformed.status()).toBe(410);
  expect(await malformed.json()).toEqual({ problem: "link_invalid" });
  const fine = await askPatiently(() => request.get(`${base}/duplicates?first4=ZZZZ&last4=QQQQ`));
  expect(await fine.json()).toEqual({ count: 0 });
});

test("a failed upload can be tried again without picking the image again", async ({ page, browser, sandbox }) => {
  const made = await makeRequest(browser, { amount: "215.00" });
  await sandbox.control("POST", "/faults", {
    operation: "UploadPayInSlipById",
    kind: "http500",
    count: 1,
    match: { requestId: made.providerId },
  });
  await page.goto(made.slipUrl!);
  await pickFile(page, plainSlip());
  await page.getByRole("button", { name: "อัปโหลดสลิป" }).click();
  const failed = page.getByTestId("slip-failed");
  await expect(failed.getByRole("heading")).toHaveText("อัปโหลดไม่สำเร็จ");
  await expect(failed.getByRole("alert")).toContainText("ระบบชำระเงิน");
  await failed.getByRole("button", { name: "ลองอีกครั้ง" }).click();
  await expect(page.getByTestId("slip-preview")).toBeVisible();
  await page.getByRole("button", { name: "อัปโหลดสลิป" }).click();
  await expect(page.getByTestId("slip-done")).toBeVisible({ timeout: slipAnswerTimeout() });
  expect(await sandbox.control<unknown[]>("GET", `/slips?requestId=${made.providerId}`)).toHaveLength(1);
});

test("bad, expired and malformed links say to ask the merchant for a new one, and show nothing of the request", async ({
  page,
  browser,
  sandbox,
}) => {
  const made = await makeRequest(browser, { amount: "216.00" });
  const [, , orgId] = new URL(made.slipUrl!).pathname.split("/");
  await page.goto(`/payin-slip-upload/${orgId}/${made.providerId}/${randomUUID()}`);
  await expect(page.getByTestId("slip-invalid")).toContainText("ลิงก์อัปโหลดนี้ใช้ไม่ได้");
  await expect(page.getByTestId("slip-request")).toHaveCount(0);
  await expect(page.getByTestId("slip-form")).toHaveCount(0);

  // A token that ran out a second ago, as the sandbox's control API can mint one.
  const expired = await sandbox.control<{ slipUploadUrl: string }>("POST", `/requests/${made.providerId}/slip-token`, { ttlSeconds: -1 });
  await page.goto(expired.slipUploadUrl);
  await expect(page.getByTestId("slip-invalid")).toContainText("กรุณาขอลิงก์อัปโหลดสลิปใหม่จากร้านค้า");

  await page.goto("/payin-slip-upload/org/not-a-uuid/also-not");
  await expect(page.getByTestId("slip-invalid")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a large photo is scaled down to 1600 px before it is sent, and the page stays usable at 200% zoom", async ({
  page,
  browser,
  sandbox,
}) => {
  const made = await makeRequest(browser, { amount: "217.00" });
  await page.goto(made.slipUrl!);
  await page.setViewportSize({ width: 180, height: 320 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1)).toBe(true);
  await page.setViewportSize({ width: 412, height: 839 });
  await pickFile(page, largePhoto(2400, 3600));
  await expect(page.getByTestId("slip-preview")).toBeVisible();
  await page.getByRole("button", { name: "อัปโหลดสลิป" }).click();
  await expect(page.getByTestId("slip-done")).toBeVisible({ timeout: slipAnswerTimeout() });
  const [slip] = await slipsAtProvider(sandbox, made.providerId);
  const jpeg = Buffer.from(slip!.imageBase64.replace(/^data:[^,]+,/, ""), "base64");
  expect(jpegSize(jpeg)).toEqual({ width: 1067, height: 1600 });
  expect(jpeg.length).toBeLessThan(1_000_000);
});

test("with JavaScript off the slip still uploads: the form posts as it is, and the page answers with the outcome in words", async ({
  page,
  browser,
  sandbox,
}) => {
  const made = await makeRequest(browser, { amount: "223.00" });
  const noJs = await browser.newContext({
    javaScriptEnabled: false,
    locale: "th-TH",
    extraHTTPHeaders: { "X-Forwarded-For": `10.${rnd()}.${rnd()}.${rnd()}` },
  });
  try {
    const page = await noJs.newPage();
    await page.goto(made.slipUrl!);
    await expect(page.getByTestId("slip-request")).toContainText(made.refId1);
    // Sent with nothing picked: the page comes back saying what to do, with a way back to the form.
    await page.getByRole("button", { name: "อัปโหลดสลิป" }).click();
    const failed = page.getByTestId("slip-failed");
    await expect(failed.getByRole("alert")).toHaveText("กรุณาเลือกรูปสลิปก่อน");
    await expect(page.getByTestId("slip-form")).toHaveCount(0);
    await failed.getByRole("link", { name: "ลองอีกครั้ง" }).click();

    await page.getByLabel("เลือกรูปสลิปจากคลังภาพ").setInputFiles(plainSlip());
    await page.getByLabel("หมายเหตุ (ไม่บังคับ)").fill("ส่งโดยไม่มีสคริปต์");
    await page.getByRole("button", { name: "อัปโหลดสลิป" }).click();
    await expect(page.getByTestId("slip-done")).toContainText("อัปโหลดสลิปแล้ว", { timeout: slipAnswerTimeout() });
    await expect(page.getByTestId("slip-request")).toContainText(made.refId1);
    await expect(page.getByTestId("slip-form")).toHaveCount(0);
  } finally {
    await noJs.close();
  }
  // axe needs script in the page: the same answer, opened with it.
  await page.goto(`${made.slipUrl}?sent=noImage`);
  await expect(page.getByTestId("slip-failed").getByRole("alert")).toHaveText("กรุณาเลือกรูปสลิปก่อน");
  await expectNoAxeViolations(page);
  const slips = await slipsAtProvider(sandbox, made.providerId);
  expect(slips).toHaveLength(1);
  expect(slips[0]).toMatchObject({ first4: null, last4: null, note: "ส่งโดยไม่มีสคริปต์" });
});

/** What the merchant's back office sees at the provider (GetPayInSlipUpload, with the read key). */
async function slipsAtProvider(
  sandbox: SandboxClient,
  providerId: string,
): Promise<Array<{ first4: string; last4: string; note: string; imageBase64: string }>> {
  const coffee = sandbox.merchants.find((m) => m.name === "Siam Coffee Roasters")!;
  const res = await fetch(`${sandbox.url}/api/PaymentRequest/org/${coffee.orgId}/action/GetPayInSlipUpload/${providerId}`, {
    headers: { Authorization: `Basic ${Buffer.from(`api:${coffee.readKey}`).toString("base64")}` },
  });
  return ((await res.json()) as { slips: Array<{ first4: string; last4: string; note: string; imageBase64: string }> }).slips;
}

/** Width and height from a JPEG's start-of-frame marker. */
function jpegSize(jpeg: Buffer): { width: number; height: number } | null {
  for (let i = 2; i + 9 < jpeg.length;) {
    if (jpeg[i] !== 0xff) return null;
    const marker = jpeg[i + 1]!;
    const length = jpeg.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc3) return { height: jpeg.readUInt16BE(i + 5), width: jpeg.readUInt16BE(i + 7) };
    i += 2 + length;
  }
  return null;
}

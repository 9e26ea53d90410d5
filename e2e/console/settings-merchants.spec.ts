/**
 * Settings → Merchants, as an admin: a merchant added with its keys never shows them again (only
 * the last four characters), keys are replaced, a webhook secret is shown once and gone after a
 * reload, a bad field says what is wrong and loses nothing, the keys can be tested at the
 * provider (the sandbox), and the merchant's colour and logo reach its customers' checkout.
 */
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations } from "../support/axe";
import { makeRequest } from "../support/checkout";
import { GADGETS } from "../support/create-forms";

const guid = () => {
  const h = randomBytes(16).toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
const key = (label: string) => `${label}-${randomBytes(12).toString("hex")}`;

async function addMerchant(
  page: Page,
  fields: { name: string; submitKey: string; readKey?: string; payinMin?: string; payinMax?: string },
) {
  await page.goto("/settings/merchants/new");
  await page.getByLabel("Display name").fill(fields.name);
  await page.getByLabel("Org id").fill(`org-e2e-${randomBytes(3).toString("hex")}`);
  await page.getByLabel("Merchant id (GUID)").fill(guid());
  await page.getByLabel("Submit API key").fill(fields.submitKey);
  if (fields.readKey) await page.getByLabel("Read API key (VIEWER role, optional)").fill(fields.readKey);
  if (fields.payinMin) await page.getByLabel("Pay-In minimum (THB)").fill(fields.payinMin);
  if (fields.payinMax) await page.getByLabel("Pay-In maximum (THB)").fill(fields.payinMax);
  await page.getByRole("button", { name: "Add merchant" }).click();
  await expect(page.getByTestId("merchant-created")).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/merchants\/mer_[0-9a-f]+\?created=1$/);
}

/** The page's HTML (with React's inlined payload) and what a person sees, neither holding `secret`. */
async function expectAbsent(page: Page, secret: string) {
  expect(await page.content()).not.toContain(secret);
  expect(await (await page.request.get(page.url())).text()).not.toContain(secret);
}

test("an added merchant's keys never appear again: only their last four characters", async ({ page }) => {
  const submitKey = key("submit");
  const readKey = key("read");
  const name = `E2E Noodles ${randomBytes(2).toString("hex")}`;
  await addMerchant(page, { name, submitKey, readKey, payinMin: "20", payinMax: "10,000" });

  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByTestId("submit-key-suffix")).toHaveText(`…${submitKey.slice(-4)}`);
  await expect(page.getByTestId("read-key-suffix")).toHaveText(`…${readKey.slice(-4)}`);
  await expectAbsent(page, submitKey);
  await expectAbsent(page, readKey);

  await page.goto("/settings/merchants");
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText(`…${submitKey.slice(-4)}`);
  await expect(row).toContainText("฿20.00 – ฿10,000.00");
  await expectAbsent(page, submitKey);
  await expectAbsent(page, readKey);
});

test("a merchant without a read key says its webhooks cannot be confirmed; applying them anyway takes a knowing choice", async ({
  page,
}) => {
  const name = `E2E No-read ${randomBytes(2).toString("hex")}`;
  await addMerchant(page, { name, submitKey: key("submit") });
  await expect(page.getByTestId("no-read-key-warning")).toContainText("PayDesk cannot confirm anything with the provider");
  const form = page.getByTestId("unconfirmed-webhooks-form");
  await form.getByRole("button", { name: "Apply unconfirmed webhooks" }).click();
  await expect(form).toContainText("Tick the box to say you understand");
  await form.getByLabel(/I understand/).check();
  await form.getByRole("button", { name: "Apply unconfirmed webhooks" }).click();
  await expect(page.getByTestId("unconfirmed-webhooks-status")).toContainText("ON");
  await expect(page.getByTestId("no-read-key-warning")).toContainText("applied WITHOUT confirmation");
  await page.getByRole("button", { name: "Stop applying unconfirmed webhooks" }).click();
  await expect(page.getByTestId("unconfirmed-webhooks-status")).toContainText("Off");
  await page.goto("/settings/merchants");
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("None: webhooks cannot be confirmed");
});

test("a bad field says what is wrong beside it, and nothing typed is lost", async ({ page }) => {
  await page.goto("/settings/merchants/new");
  await page.getByLabel("Display name").fill("Half-filled shop");
  await page.getByLabel("Merchant id (GUID)").fill("not-a-guid");
  await page.getByLabel("Submit API key").fill("short");
  await page.getByLabel("Pay-In minimum (THB)").fill("100");
  await page.getByLabel("Pay-In maximum (THB)").fill("50.555");
  await page.getByRole("button", { name: "Add merchant" }).click();
  await expect(page.getByLabel("Org id")).toHaveAccessibleDescription(/The org id from the provider is required\./);
  await expect(page.getByLabel("Merchant id (GUID)")).toHaveAccessibleDescription(/is a GUID such as/);
  await expect(page.getByLabel("Submit API key")).toHaveAccessibleDescription(/An API key from the provider is longer than that\./);
  await expect(page.getByLabel("Pay-In maximum (THB)")).toHaveAccessibleDescription(/at most 2 decimals/);
  await expect(page.getByLabel("Org id")).toBeFocused();
  await expect(page.getByLabel("Display name")).toHaveValue("Half-filled shop");
  await page.getByLabel("Pay-In maximum (THB)").fill("50");
  await page.getByLabel("Org id").fill("org-x");
  await page.getByLabel("Merchant id (GUID)").fill(guid());
  await page.getByLabel("Submit API key").fill(key("submit"));
  await page.getByRole("button", { name: "Add merchant" }).click();
  await expect(page.getByLabel("Pay-In maximum (THB)")).toHaveAccessibleDescription(/The Pay-In minimum cannot be more than the maximum\./);
  await expect(page).toHaveURL(/\/settings\/merchants\/new$/);
});

test("replacing keys shows the new last four, never the key; the read key can be removed", async ({ page }) => {
  await addMerchant(page, { name: `E2E Rotate ${randomBytes(2).toString("hex")}`, submitKey: key("submit"), readKey: key("read") });
  const newSubmit = key("rotated");
  const form = page.getByTestId("rotate-keys-form");
  await form.getByLabel("New submit API key").fill(newSubmit);
  await form.getByRole("button", { name: "Save new keys" }).click();
  await expect(page.getByTestId("rotate-keys-success")).toContainText(`The submit key now ends …${newSubmit.slice(-4)}`);
  await expect(form.getByLabel("New submit API key")).toHaveValue("");
  await expect(page.getByTestId("submit-key-suffix")).toHaveText(`…${newSubmit.slice(-4)}`);
  await expectAbsent(page, newSubmit);

  await form.getByRole("button", { name: "Save new keys" }).click();
  await expect(form.getByLabel("New submit API key")).toHaveAccessibleDescription("Enter a new key, or choose to remove the read key.");
  await form.getByLabel(/Remove the read key/).check();
  await form.getByRole("button", { name: "Save new keys" }).click();
  await expect(page.getByTestId("rotate-keys-success")).toContainText("there is no read key");
  await expect(page.getByTestId("no-read-key-warning")).toBeVisible();
});

test("a webhook secret is shown once, with the header and URL to give the provider, and is gone after a reload", async ({
  page,
  baseURL,
}) => {
  await addMerchant(page, { name: `E2E Webhook ${randomBytes(2).toString("hex")}`, submitKey: key("submit"), readKey: key("read") });
  await expect(page.getByTestId("webhook-secret-status")).toContainText("No secret yet");
  await page.getByRole("button", { name: "Generate a webhook secret" }).click();
  const issued = page.getByTestId("webhook-secret-issued");
  await expect(issued).toContainText("it is shown only this once");
  await expect(issued).toContainText("X-PayDesk-Webhook-Secret");
  await expect(issued).toContainText(`${baseURL}/api/webhooks/payment`);
  const secret = (await page.getByTestId("webhook-secret-value").textContent())!;
  expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
  await expect(page.getByTestId("webhook-secret-status")).toContainText("A secret is set.");

  // A second one, after a confirmation that says what follows; Escape backs out with nothing changed.
  await page.getByRole("button", { name: "Replace the webhook secret" }).click();
  const confirm = page.getByRole("dialog", { name: "Replace the webhook secret?" });
  await expect(confirm).toContainText("Give it to the provider's admin");
  await expect(confirm).toContainText("The current secret keeps working for 24 hours");
  await expect(confirm.getByRole("button", { name: "Back" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId("webhook-secret-value")).toHaveText(secret);
  await page.getByRole("button", { name: "Replace the webhook secret" }).click();
  await confirm.getByRole("button", { name: "Replace the secret" }).click();
  await expect(page.getByTestId("webhook-secret-value")).not.toHaveText(secret);
  const second = (await page.getByTestId("webhook-secret-value").textContent())!;
  await expect(page.getByTestId("webhook-secret-status")).toContainText("The previous secret keeps working until");

  await page.reload();
  await expect(page.getByTestId("webhook-secret-issued")).toHaveCount(0);
  await expectAbsent(page, secret);
  await expectAbsent(page, second);
});

test("testing a demo merchant's keys at the provider says both work", async ({ page }) => {
  await page.goto("/settings/merchants");
  await page
    .getByRole("row", { name: /Siam Coffee Roasters/ })
    .getByRole("link", { name: "Siam Coffee Roasters" })
    .click();
  await page.getByRole("button", { name: "Test the keys" }).click();
  await expect(page.getByTestId("key-check-submit")).toHaveAttribute("data-verdict", "works");
  await expect(page.getByTestId("key-check-read")).toHaveAttribute("data-verdict", "works");
  await expect(page.getByTestId("key-checks")).toContainText("Submit key: Works");
});

test("a key the provider does not know is reported as rejected", async ({ page }) => {
  await addMerchant(page, { name: `E2E Wrong key ${randomBytes(2).toString("hex")}`, submitKey: key("wrong") });
  await page.getByRole("button", { name: "Test the keys" }).click();
  await expect(page.getByTestId("key-check-submit")).toHaveAttribute("data-verdict", "rejected");
  await expect(page.getByTestId("key-check-read")).toHaveAttribute("data-verdict", "missing");
});

test("the name and limits are edited in place: a bad amount is named beside its field, then saved", async ({ page }) => {
  await addMerchant(page, {
    name: `E2E Limits ${randomBytes(2).toString("hex")}`,
    submitKey: key("submit"),
    payinMin: "20",
    payinMax: "500",
  });
  const form = page.getByTestId("limits-form");
  await form.getByLabel("Pay-In maximum (THB)").fill("1,000.123");
  await form.getByLabel("Pay-Out approval threshold (THB)").fill("25000");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByLabel("Pay-In maximum (THB)")).toHaveAccessibleDescription(/at most 2 decimals/);
  await expect(form.getByLabel("Pay-Out approval threshold (THB)")).toHaveValue("25000");
  await form.getByLabel("Pay-In maximum (THB)").fill("1,000.50");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("limits-success")).toHaveText("Saved.");
  await expect(page.getByTestId("merchant-summary")).toContainText("฿20.00 – ฿1,000.50");
  await expect(page.getByTestId("merchant-summary")).toContainText("฿25,000.00");
});

test("the merchant's look: too light a colour is refused with its contrast; a colour and a logo then reach its checkout and slip page, readable", async ({
  page,
  browser,
}) => {
  const openLook = async () => {
    await page.goto("/settings/merchants");
    await page
      .getByRole("row", { name: new RegExp(GADGETS) })
      .getByRole("link", { name: GADGETS })
      .click();
    return page.getByTestId("branding-form");
  };
  let form = await openLook();
  try {
    await form.getByLabel("Colour", { exact: true }).fill("#ffd700");
    await form.getByRole("button", { name: "Save the look" }).click();
    await expect(form.getByLabel("Colour", { exact: true })).toHaveAccessibleDescription(/1\.40 : 1, and customers' pages need 4\.5 : 1/);
    await expect(form.getByLabel("Colour", { exact: true })).toHaveValue("#ffd700");

    const logo = await sharp({ create: { width: 600, height: 200, channels: 3, background: "#1e3a8a" } })
      .png()
      .toBuffer();
    await form.getByLabel("Colour", { exact: true }).fill("#7c2d12");
    await form.getByLabel("Logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
    await form.getByRole("button", { name: "Save the look" }).click();
    await expect(page.getByTestId("branding-success")).toHaveText("Saved. New checkout pages show it.");
    await expect.poll(() => page.getByTestId("current-logo").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
    // A refusal after a save says only the refusal: "Saved" was about the attempt before.
    await form.getByLabel("Colour", { exact: true }).fill("#ffffff");
    await form.getByRole("button", { name: "Save the look" }).click();
    await expect(form.getByLabel("Colour", { exact: true })).toHaveAccessibleDescription(/1\.00 : 1/);
    await expect(page.getByTestId("branding-success")).toHaveCount(0);
    await form.getByLabel("Colour", { exact: true }).fill("#7c2d12");

    // The customer's checkout: the logo beside the name, the name and a band in the colour, and nothing axe finds.
    const made = await makeRequest(browser, { amount: "163.00", merchant: GADGETS });
    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    try {
      await customer.goto(made.checkoutUrl);
      const shown = customer.getByTestId("merchant-logo");
      await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
      await expect(shown).toHaveAttribute("alt", "");
      await expect(customer.getByTestId("merchant-name")).toHaveText(GADGETS);
      await expect(customer.getByTestId("merchant-name").locator("span")).toHaveCSS("color", "rgb(124, 45, 18)");
      await expect(customer.locator("header")).toHaveCSS("border-top-color", "rgb(124, 45, 18)");
      await expectNoAxeViolations(customer);
      // The slip page of the same request wears the same look.
      expect(made.slipUrl).not.toBeNull();
      await customer.goto(made.slipUrl!);
      await expect
        .poll(() => customer.getByTestId("merchant-logo").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(480);
      await expect(customer.locator("header")).toHaveCSS("border-top-color", "rgb(124, 45, 18)");
    } finally {
      await customerContext.close();
    }
  } finally {
    // Back to PayDesk's own look: other tests open this merchant's checkout.
    form = await openLook();
    await form.getByLabel("Colour", { exact: true }).fill("");
    const remove = form.getByLabel("Remove the logo");
    if (await remove.count()) await remove.check();
    await form.getByRole("button", { name: "Save the look" }).click();
    await expect(page.getByTestId("branding-success")).toBeVisible();
  }
});

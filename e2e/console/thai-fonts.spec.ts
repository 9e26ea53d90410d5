/**
 * Thai is drawn in PayDesk's own font on every kind of page, on a computer without a Thai font:
 * the browser runs with a fontconfig that hides every Thai system font
 * (e2e/support/thai-fonts.ts), and for each page the browser is asked which font drew each piece
 * of Thai (CSS.getPlatformFontsForNode). Staff pages in the `console` project — sign-in, the forced
 * first password change, the console, Security (2FA enrolment), E-mail, Password — as a person the
 * test invites, in Thai; customer pages in the `customer` project — checkout and the slip page, in
 * Thai and in English (where "ไทย" is the one Thai word).
 */
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { skipWithoutRole } from "../support/auth-users";
import { budget, CHROMIUM_ARGS, testBrowserPath, E2E } from "../support/config";
import { expectThaiInWebFont, fontconfigWithoutThai } from "../support/thai-fonts";

test.use({
  launchOptions: {
    executablePath: testBrowserPath(),
    args: CHROMIUM_ARGS,
    env: { ...(process.env as Record<string, string>), FONTCONFIG_FILE: fontconfigWithoutThai() },
  },
});

const NEW_PASSWORD = "correct horse battery staple";

test("staff pages draw their Thai in PayDesk's font: sign-in, forced password change, console, Security, E-mail, Password", async ({
  page,
  browser,
}) => {
  test.skip(E2E.external, "invites a person");
  skipWithoutRole(test, "default");
  // Password hashings (argon2, memory-hard), two browsers and seven pages: slow by design.
  test.setTimeout(budget(180_000));
  const email = `thai-fonts-${Date.now()}-${randomBytes(2).toString("hex")}@paydesk.local`;
  await page.goto("/settings/staff/new");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name").fill("Thai Fonts");
  await page.getByRole("radio", { name: /^Viewer/ }).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("one-time-password-notice")).toContainText(`Account created for ${email}.`);
  const oneTimePassword = (await page.getByTestId("one-time-password").textContent())!.trim();

  // Signed out, a browser that asks for Thai.
  const context = await browser.newContext({ baseURL: E2E.baseUrl, locale: "th-TH", storageState: { cookies: [], origins: [] } });
  try {
    const them: Page = await context.newPage();
    await them.goto("/login");
    await expect(them.getByRole("button", { name: "เข้าสู่ระบบ", exact: true })).toBeVisible();
    await expectThaiInWebFont(them, ["เข้าสู่ระบบ", "อีเมล", "รหัสผ่าน"]);

    await them.locator("input[name=email]").fill(email);
    await them.locator("input[name=password]").fill(oneTimePassword);
    await them.getByRole("button", { name: "เข้าสู่ระบบ", exact: true }).click();
    await expect(them).toHaveURL(/\/account\/password$/);
    await expect(them.getByRole("heading", { level: 1, name: "ตั้งรหัสผ่านของคุณ" })).toBeVisible();
    await expectThaiInWebFont(them, ["ตั้งรหัสผ่านของคุณ", "รหัสผ่านชั่วคราวจากผู้ดูแลระบบ", "บันทึกรหัสผ่าน"]);

    await them.getByLabel("รหัสผ่านชั่วคราว").fill(oneTimePassword);
    await them.getByLabel("รหัสผ่านใหม่", { exact: true }).fill(NEW_PASSWORD);
    await them.getByLabel("ยืนยันรหัสผ่านใหม่").fill(NEW_PASSWORD);
    await them.getByRole("button", { name: "บันทึกรหัสผ่าน" }).click();
    await expect(them.getByTestId("signed-in-as")).toBeVisible({ timeout: budget(15_000) });
    await expect(them.locator("html")).toHaveAttribute("lang", "th");
    await expectThaiInWebFont(them, []);
    // The home page (provider status) too.
    await them.goto("/");
    await expect(them.getByRole("heading", { level: 1, name: "PayDesk" })).toBeVisible();
    await expectThaiInWebFont(them, []);

    for (const path of ["/account/security", "/account/notifications", "/account/password"]) {
      await them.goto(path);
      await expect(them.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(them.locator("html")).toHaveAttribute("lang", "th");
      await expectThaiInWebFont(them, [(await them.getByRole("heading", { level: 1 }).first().textContent())!.trim()]);
    }
  } finally {
    await context.close();
  }
});

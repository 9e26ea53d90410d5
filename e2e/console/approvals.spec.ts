/**
 * Maker-checker: a Pay-Out above the merchant's threshold (demo: 50,000.00) is recorded and held,
 * nothing sent; the person who asked cannot approve it (the button is off, and the server refuses
 * a forced click); another person approves it and it goes to the provider, or declines it with a
 * reason and it is canceled, never sent.
 */
import { expectNoAxeViolations } from "../support/axe";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { demoUser, skipWithoutRole, storageStatePath } from "../support/auth-users";
import { budget, E2E } from "../support/config";
import { receivedMail } from "../support/mail";
import { atSandbox, COFFEE, landedOnRequest, openCreateForm, refId1Input } from "../support/create-forms";
import { codeFor, personWithTwoFactor } from "../support/two-factor";
import { expect, test } from "../support/sandbox";

// In order, in one worker: the nav's count is of every held request, and these are the only tests
// that hold any, so the count moves only by what each test does.
test.describe.configure({ mode: "default" });

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** A page signed in as another person, beside the test's own. */
async function as(browser: Browser, role: "finance" | "admin"): Promise<Page> {
  skipWithoutRole(test, role);
  const context = await browser.newContext({ storageState: storageStatePath(role) });
  contexts.push(context);
  return context.newPage();
}

/** Finance asks for a 60,000.00 Pay-Out: confirmed as "held for approval", recorded, not sent. */
async function heldPayOut(page: Page): Promise<string> {
  await openCreateForm(page, "payout", COFFEE);
  const refId1 = await refId1Input(page).inputValue();
  await page.getByLabel("Amount").fill("60,000");
  await page.getByLabel("PromptPay", { exact: true }).check();
  await page.getByLabel("PromptPay id", { exact: true }).fill("0812345678");
  await page.getByRole("button", { name: "Review Pay-Out" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("confirm-held")).toHaveText(
    "This is above the merchant's approval threshold of ฿50,000.00: it is recorded now and sent only after a second person approves it.",
  );
  await dialog.getByRole("button", { name: "Submit for approval" }).click();
  await landedOnRequest(page);
  return refId1;
}

test("the requester cannot approve their own Pay-Out; a second person approves it and it is sent @deployed", async ({
  browser,
  sandbox,
}) => {
  const finance = await as(browser, "finance");
  const refId1 = await heldPayOut(finance);
  expect(await atSandbox(sandbox, refId1)).toEqual([]);
  // Its page says why the provider has said nothing: it was never sent.
  await expect(finance.getByText("Not sent to the provider yet: it waits for a second person's approval.")).toBeVisible();
  await expect(finance.getByText("The provider has not answered yet.")).toHaveCount(0);

  await finance.goto("/approvals");
  const own = finance.locator(`[data-testid="held-request"][data-ref-id1="${refId1}"]`);
  await expect(own).toContainText("฿60,000.00");
  await expect(own).not.toContainText("THB");
  await expect(own).toContainText("PromptPay 0812345678");
  await expect(own).toContainText("Demo Finance (finance@paydesk.local)");
  await expect(own.getByText("You asked for this one, so another person must approve it.")).toBeVisible();
  const approveOwn = own.getByRole("button", { name: "Approve and send" });
  await expect(approveOwn).toBeDisabled();
  // Forced anyway (a tampered page sends the approval form): the server refuses, in words.
  await approveOwn.evaluate((button: HTMLButtonElement) => button.form!.requestSubmit());
  await expect(own.getByRole("alert")).toHaveText(
    "You asked for this request, so you cannot approve it (maker-checker). Ask another Finance or Admin colleague to approve it.",
  );
  expect(await atSandbox(sandbox, refId1)).toEqual([]);

  const admin = await as(browser, "admin");
  await admin.goto("/approvals");
  const card = admin.locator(`[data-testid="held-request"][data-ref-id1="${refId1}"]`);
  // Sending ฿60,000 is not one click: a dialog repeats the amount and where it goes; Escape backs out.
  await card.getByRole("button", { name: "Approve and send" }).click();
  const confirm = admin.getByRole("dialog", { name: "Approve and send this money now?" });
  await expect(confirm.getByTestId("confirm-approve-amount")).toHaveText("฿60,000.00");
  await expect(confirm.getByTestId("confirm-approve-destination")).toContainText("PromptPay 0812345678");
  await expect(confirm.getByRole("button", { name: "Back" })).toBeFocused();
  await expectNoAxeViolations(admin, { within: "dialog" });
  await admin.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(card.getByRole("button", { name: "Approve and send" })).toBeFocused();
  expect(await atSandbox(sandbox, refId1)).toEqual([]);

  await card.getByRole("button", { name: "Approve and send" }).click();
  await confirm.getByRole("button", { name: "Send ฿60,000.00" }).click();
  await expect(card.getByTestId("decision-status")).toHaveText("Approved and sent: the provider has it and it is pending.");
  expect(await atSandbox(sandbox, refId1)).toMatchObject([{ status: "Pending", requestedAmount: 60000, promptPayId: "0812345678" }]);

  await admin.reload();
  await expect(card).toHaveCount(0);
});

test("the other people who may approve a held Pay-Out get an e-mail with the way to Approvals; its maker gets none", async ({
  browser,
}) => {
  test.skip(!E2E.mail, "the run's own mail server: not against a deployed PayDesk");
  // The e-mail waits to gather what else is held (NOTIFY_GATHER_SECONDS: 2 s in this run, 20 by
  // default), then the notify loop's next turn (5 s).
  test.setTimeout(budget(120_000));
  const finance = await as(browser, "finance");
  const refId1 = await heldPayOut(finance);
  const adminUser = demoUser("admin")!;
  const mailFor = async (email: string) => (await receivedMail()).filter((m) => m.to.includes(email) && m.text.includes(refId1));
  await expect.poll(async () => (await mailFor(adminUser.email)).length, { timeout: budget(90_000), intervals: [2_000] }).toBe(1);
  const [mail] = await mailFor(adminUser.email);
  expect(mail!.text).toContain("฿60,000.00");
  // Where the money goes stays in the console.
  expect(mail!.text).not.toContain("0812345678");
  const link = /https?:\/\/\S+\/approvals/.exec(mail!.text)?.[0];
  expect(link && new URL(link).origin).toBe(E2E.consoleUrl);
  expect(await mailFor(demoUser("finance")!.email)).toEqual([]);

  const admin = await as(browser, "admin");
  await admin.goto(new URL(link!).pathname);
  await expect(admin.locator(`[data-testid="held-request"][data-ref-id1="${refId1}"]`)).toContainText("฿60,000.00");
});

test("a person who turned approval e-mails off (Account → E-mail) gets none of them; the others still do; the admin sees both in the e-mail log", async ({
  page,
  browser,
}) => {
  test.skip(!E2E.mail, "the run's own mail server: not against a deployed PayDesk");
  // A new person's password (argon2, deliberately slow), then the e-mail's gathering pause and the notify loop's turn.
  test.setTimeout(budget(150_000));
  const quiet = { email: `quiet-${Date.now()}@paydesk.local`, password: "a quiet finance person's password" };
  await page.goto("/settings/staff/new");
  await page.getByLabel("Email").fill(quiet.email);
  await page.getByLabel("Name").fill("Quiet Finance");
  await page.getByRole("radio", { name: /^Finance/ }).check();
  await page.getByRole("button", { name: "Create account" }).click();
  const oneTimePassword = (await page.getByTestId("one-time-password").textContent())!.trim();

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  contexts.push(context);
  const person = await context.newPage();
  await person.goto("/login");
  await person.getByLabel("Email").fill(quiet.email);
  await person.getByLabel("Password").fill(oneTimePassword);
  await person.getByRole("button", { name: "Sign in", exact: true }).click();
  await person.getByLabel("One-time password").fill(oneTimePassword);
  await person.getByLabel("New password", { exact: true }).fill(quiet.password);
  await person.getByLabel("New password again").fill(quiet.password);
  await person.getByRole("button", { name: "Save password" }).click();
  await expect(person.getByTestId("signed-in-as")).toBeVisible();

  await person.getByRole("link", { name: "E-mail and LINE", exact: true }).click();
  await expect(person.getByRole("heading", { name: "E-mail", level: 1 })).toBeVisible();
  const approvals = person.getByRole("checkbox", { name: "Waiting for your approval" });
  await expect(approvals).toBeChecked();
  await expect(approvals).toHaveAccessibleDescription("A Pay-Out or Withdrawal above the approval threshold that someone else made.");
  await expect(person.getByRole("checkbox", { name: "Needs review" })).toBeChecked();
  await expect(person.getByRole("checkbox", { name: "Pay-Out failed" })).toBeChecked();
  await expectNoAxeViolations(person);
  await approvals.uncheck();
  await person.getByRole("button", { name: "Save", exact: true }).click();
  await expect(person.getByTestId("notification-choices-success")).toHaveText("Saved.");
  await person.reload();
  await expect(approvals).not.toBeChecked();
  await expect(person.getByRole("checkbox", { name: "Needs review" })).toBeChecked();

  const finance = await as(browser, "finance");
  const refId1 = await heldPayOut(finance);
  const adminUser = demoUser("admin")!;
  const mailFor = async (email: string) => (await receivedMail()).filter((m) => m.to.includes(email) && m.text.includes(refId1));
  await expect.poll(async () => (await mailFor(adminUser.email)).length, { timeout: budget(90_000), intervals: [2_000] }).toBe(1);
  const [mail] = await mailFor(adminUser.email);
  expect(mail!.text).toContain(`${E2E.consoleUrl}/account/notifications`);
  // The admin sees it all in Settings → Staff → E-mail sent to staff.
  await page.goto("/settings/staff");
  await page.getByRole("link", { name: /E-mail sent to staff/ }).click();
  await expect(page.getByRole("heading", { name: "E-mail sent to staff", level: 1 })).toBeVisible();
  const rowOf = (email: string) =>
    page
      .getByTestId("staff-email")
      .filter({ hasText: refId1 })
      .and(page.locator(`[data-email="${email}"]`));
  await expect(rowOf(adminUser.email)).toHaveAttribute("data-outcome", "sent");
  // The notify loop decides each person's e-mail once: when the log says the person who turned
  // approvals off was skipped, no mail to them can come of this request, and none came.
  await expect(async () => {
    await page.reload();
    await expect(rowOf(quiet.email)).toHaveAttribute("data-outcome", "skipped", { timeout: budget(1_000) });
  }).toPass({ timeout: budget(30_000) });
  expect(await mailFor(quiet.email)).toEqual([]);
  await expect(rowOf(quiet.email)).toContainText("Not sent");
  await expect(rowOf(quiet.email)).toContainText("They turned this e-mail off");
  await page.getByRole("link", { name: "Sent", exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/staff\/email\?outcome=sent$/);
  await expect(rowOf(quiet.email)).toHaveCount(0);
  await expect(rowOf(adminUser.email)).toHaveCount(1);
  await expectNoAxeViolations(page);
  // A result the page does not know, in the address: named, and everything shown.
  await page.goto("/settings/staff/email?outcome=bounced");
  await expect(page.getByTestId("staff-email-ignored")).toHaveText("Ignored in the address (not a value this page knows): outcome.");
  await expect(rowOf(quiet.email)).toHaveAttribute("data-outcome", "skipped");
});

test("the mail client's one-click unsubscribe turns that person's approval e-mails off without signing in; the log says so next time", async ({
  page,
  browser,
  playwright,
}) => {
  test.skip(!E2E.mail, "the run's own mail server: not against a deployed PayDesk");
  // Two held Pay-Outs, each with the e-mail's gathering pause and the notify loop's turn.
  test.setTimeout(budget(200_000));
  const person = `one-click-${Date.now()}@paydesk.local`;
  await page.goto("/settings/staff/new");
  await page.getByLabel("Email").fill(person);
  await page.getByLabel("Name").fill("One Click");
  await page.getByRole("radio", { name: /^Finance/ }).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("one-time-password")).toBeVisible();

  const finance = await as(browser, "finance");
  const first = await heldPayOut(finance);
  const mailFor = async (email: string, refId1: string) =>
    (await receivedMail()).filter((m) => m.to.includes(email) && m.text.includes(refId1));
  await expect.poll(async () => (await mailFor(person, first)).length, { timeout: budget(90_000), intervals: [2_000] }).toBe(1);
  const [mail] = await mailFor(person, first);
  const link = /^List-Unsubscribe:\s*<([^>]+)>/im.exec(mail!.headers)?.[1] ?? "";
  expect(new URL(link).origin + new URL(link).pathname).toBe(`${E2E.consoleUrl}/api/email/unsubscribe`);
  expect(mail!.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);

  // As a mail client posts it: no cookie, no session, through the proxy.
  const client = await playwright.request.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const opened = await client.get(link, { maxRedirects: 0 });
    expect([opened.status(), opened.headers().location]).toEqual([303, `${E2E.consoleUrl}/account/notifications`]);
    const done = await client.post(link, { form: { "List-Unsubscribe": "One-Click" } });
    expect(done.status()).toBe(200);
    expect(await done.text()).toContain("PayDesk will not send you these e-mails any more.");
  } finally {
    await client.dispose();
  }

  const second = await heldPayOut(finance);
  const adminUser = demoUser("admin")!;
  await expect.poll(async () => (await mailFor(adminUser.email, second)).length, { timeout: budget(90_000), intervals: [2_000] }).toBe(1);
  // The loop e-mails one person after the other: theirs may be handled a moment after the admin's.
  const row = page
    .getByTestId("staff-email")
    .filter({ hasText: second })
    .and(page.locator(`[data-email="${person}"]`));
  await expect(async () => {
    await page.goto("/settings/staff/email?outcome=skipped");
    await expect(row).toContainText("They turned this e-mail off", { timeout: budget(1_000) });
  }).toPass({ timeout: budget(30_000) });
  expect(await mailFor(person, second)).toEqual([]);
});

test("a held Pay-Out declined with a reason is canceled and never sent", async ({ browser, sandbox }) => {
  const finance = await as(browser, "finance");
  const refId1 = await heldPayOut(finance);

  const admin = await as(browser, "admin");
  await admin.goto("/approvals");
  const card = admin.locator(`[data-testid="held-request"][data-ref-id1="${refId1}"]`);
  await card.getByRole("button", { name: "Decline" }).click();
  await expect(card.getByText("Say why it is declined; the requester sees this.")).toBeVisible();
  await card.getByLabel("Reason for declining").fill("The customer asked to be paid by bank transfer instead");
  await card.getByRole("button", { name: "Decline" }).click();
  await expect(card.getByTestId("decision-status")).toHaveText("Declined. The request is canceled and was never sent.");
  expect(await atSandbox(sandbox, refId1)).toEqual([]);
});

test("a decline refused because someone else decided first says so, and keeps the reason typed", async ({ browser }) => {
  const finance = await as(browser, "finance");
  const refId1 = await heldPayOut(finance);
  const first = await as(browser, "admin");
  const second = await as(browser, "admin");
  for (const page of [first, second]) await page.goto("/approvals");
  const cardIn = (page: Page) => page.locator(`[data-testid="held-request"][data-ref-id1="${refId1}"]`);

  await cardIn(first).getByLabel("Reason for declining").fill("Paid by cheque instead");
  await cardIn(first).getByRole("button", { name: "Decline" }).click();
  await expect(cardIn(first).getByTestId("decision-status")).toHaveText("Declined. The request is canceled and was never sent.");

  const reason = cardIn(second).getByLabel("Reason for declining");
  await reason.fill("The account name does not match the invoice");
  await cardIn(second).getByRole("button", { name: "Decline" }).click();
  await expect(cardIn(second).getByRole("alert")).toContainText("already");
  await expect(reason).toHaveValue("The account name does not match the invoice");
});

/** The nav's "Approvals" link, and its name for a count ("Approvals" alone when none wait). */
const approvalsLink = (page: Page) => page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: /^Approvals/ });
const waiting = (count: number) => (count === 0 ? "Approvals" : `Approvals, ${count} waiting`);
async function countIn(page: Page): Promise<number> {
  const badge = approvalsLink(page).getByTestId("approvals-count");
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

/** What PayDesk counts for this person now (the nav's own source, app/api/approvals/count). */
const countedNow = async (page: Page) => ((await (await page.request.get("/api/approvals/count")).json()) as { count: number }).count;

/**
 * The nav shows what PayDesk counts now, in its badge and in the link's name. The count is
 * everyone's: the specs beside this one hold and decide Pay-Outs of their own at the same time, so
 * "one more than before" can be one more and one fewer.
 */
async function showsCountNow(page: Page): Promise<number> {
  let shown = -1;
  await expect
    .poll(
      async () => {
        const [inNav, counted] = [await countIn(page), await countedNow(page)];
        shown = inNav === counted ? inNav : -1;
        return shown;
      },
      { timeout: budget(10_000) },
    )
    .toBeGreaterThanOrEqual(0);
  await expect(approvalsLink(page)).toHaveAccessibleName(waiting(shown));
  return shown;
}

const askedForCount = (page: Page) =>
  page
    .waitForResponse((r) => new URL(r.url()).pathname === "/api/approvals/count" && r.ok(), { timeout: budget(15_000) })
    .then(
      () => true,
      () => false,
    );

test("the nav counts the requests waiting for approval, and follows them live", async ({ browser }) => {
  const admin = await as(browser, "admin");
  // On a page that refreshes nothing by itself: only the nav's own live count can move.
  const listening = admin.waitForResponse((response) => response.url().endsWith("/api/events"));
  await admin.goto("/approvals");
  await listening;
  await showsCountNow(admin);

  const finance = await as(browser, "finance");
  const asked = askedForCount(admin);
  const refId1 = await heldPayOut(finance);
  // Its own Pay-Out waits: at least one in either nav.
  expect(await showsCountNow(finance)).toBeGreaterThan(0);
  // The admin's page, open all along, asked again and counts it without a reload.
  expect(await asked, "the admin's nav asked for its count again, without a reload").toBe(true);
  expect(await showsCountNow(admin)).toBeGreaterThan(0);
  await expectNoAxeViolations(admin, { within: "nav" });

  await admin.reload();
  const card = admin.locator(`[data-testid="held-request"][data-ref-id1="${refId1}"]`);
  const askedAgain = askedForCount(finance);
  await card.getByRole("button", { name: "Approve and send" }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Send ฿60,000.00" }).click();
  await expect(card.getByTestId("decision-status")).toHaveText("Approved and sent: the provider has it and it is pending.");
  // Decided, it no longer waits: each nav shows the count without it.
  await showsCountNow(admin);
  expect(await askedAgain, "the finance person's nav asked for its count again, without a reload").toBe(true);
  await showsCountNow(finance);
});

test("the nav shows no count to a role that may not approve @deployed", async ({ browser }) => {
  skipWithoutRole(test, "operator");
  const context = await browser.newContext({ storageState: storageStatePath("operator") });
  contexts.push(context);
  const operator = await context.newPage();
  await operator.goto("/requests");
  await expect(operator.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Requests" })).toBeVisible();
  await expect(approvalsLink(operator)).toHaveCount(0);
  await expect(operator.getByTestId("approvals-count")).toHaveCount(0);
  expect((await operator.request.get("/api/approvals/count")).status()).toBe(403);
});

test("a held Pay-Out's own page waits for a second approver, whose next action, approve, is right there", async ({ browser, sandbox }) => {
  const finance = await as(browser, "finance");
  const refId1 = await heldPayOut(finance);
  const url = finance.url();
  // The requester is told whom it waits for; approving is not theirs to do.
  const own = finance.getByTestId("next-step");
  await expect(finance.locator("[data-testid=request-summary] [data-testid=status-badge]")).toHaveAttribute(
    "data-state",
    "awaiting_approval",
  );
  await expect(own).toHaveAttribute("data-waits-for", "approver");
  await expect(own.getByTestId("waits-for")).toContainText("Waiting for a second approver");
  await expect(own.getByRole("button", { name: "Approve and send" })).toBeDisabled();
  await expect(own.getByText("You asked for this one, so another person must approve it.")).toBeVisible();
  await expect(own.getByRole("button", { name: "Re-check now" })).toHaveCount(0);

  // In Thai, the same sentence and action.
  skipWithoutRole(test, "admin");
  const thai = await browser.newContext({ storageState: storageStatePath("admin"), locale: "th-TH" });
  contexts.push(thai);
  const thaiPage = await thai.newPage();
  await thaiPage.goto(url);
  await expect(thaiPage.getByTestId("next-step").getByTestId("waits-for")).toContainText("รอผู้อนุมัติคนที่สอง");
  await expect(thaiPage.getByTestId("next-step").getByRole("button", { name: "อนุมัติและส่ง" })).toBeEnabled();
  await expectNoAxeViolations(thaiPage);

  // Another person approves it from its page, through the same confirmation, and it is sent.
  const admin = await as(browser, "admin");
  await admin.goto(url);
  const next = admin.getByTestId("next-step");
  await next.getByRole("button", { name: "Approve and send" }).click();
  const confirm = admin.getByRole("dialog", { name: "Approve and send this money now?" });
  await expect(confirm.getByTestId("confirm-approve-amount")).toHaveText("฿60,000.00");
  await confirm.getByRole("button", { name: "Send ฿60,000.00" }).click();
  // The page follows the request live, so the outcome shows as its new state.
  await expect
    .poll(() => atSandbox(sandbox, refId1), { timeout: budget(15_000) })
    .toMatchObject([{ status: "Pending", requestedAmount: 60000 }]);
  await admin.reload();
  await expect(admin.locator("[data-testid=request-summary] [data-testid=status-badge]")).toHaveAttribute("data-state", "pending");
  await expect(admin.getByTestId("next-step")).toHaveAttribute("data-waits-for", "provider");
});

test("a checker with two-factor sign-in confirms a fresh code before approving; cancelling it approves nothing", async ({
  browser,
  page,
  sandbox,
}) => {
  test.slow();
  // The console project's own page is the demo admin: it invites the checker.
  const checker = await personWithTwoFactor(page, browser, "Finance", "Checker Two Factor");
  const finance = await as(browser, "finance");
  const refId1 = await heldPayOut(finance);

  await checker.page.goto("/approvals");
  const card = checker.page.locator(`[data-testid="held-request"][data-ref-id1="${refId1}"]`);
  const confirm = checker.page.getByRole("dialog", { name: "Approve and send this money now?" });
  const stepUp = checker.page.getByRole("dialog", { name: "Confirm it is you" });
  await card.getByRole("button", { name: "Approve and send" }).click();
  const posted = checker.page.waitForRequest((request) => request.method() === "POST" && request.headers()["next-action"] !== undefined);
  await confirm.getByRole("button", { name: "Send ฿60,000.00" }).click();
  // The page asks for a fresh code (enrolling counts for nothing here: a step-up is its own check).
  await expect(stepUp).toBeVisible();
  await expectNoAxeViolations(checker.page, { within: "dialog[open]" });
  await stepUp.getByRole("button", { name: "Cancel" }).click();
  // What shows is the server's own refusal: the approval was refused there, not only held back here.
  await expect(card.getByRole("alert")).toHaveText(
    "Confirm it is you: enter the current code from your authenticator app, then it goes ahead.",
  );
  expect(await atSandbox(sandbox, refId1)).toEqual([]);
  // The same action posted straight to the server, with the checker's cookies but no fresh check,
  // is refused there too (the door's answer says a step-up is needed) and sends nothing.
  const approve = await posted;
  const direct = await checker.page.request.post(approve.url(), {
    headers: {
      "next-action": approve.headers()["next-action"]!,
      "content-type": approve.headers()["content-type"]!,
      origin: new URL(approve.url()).origin,
      accept: "text/x-component",
    },
    data: approve.postDataBuffer()!,
    maxRedirects: 0,
  });
  expect(direct.status()).toBe(200);
  expect(await direct.text()).toContain('"stepUp":true');
  expect(await atSandbox(sandbox, refId1)).toEqual([]);

  await card.getByRole("button", { name: "Approve and send" }).click();
  await confirm.getByRole("button", { name: "Send ฿60,000.00" }).click();
  await stepUp.getByLabel("Code from your app").fill("000000");
  await stepUp.getByRole("button", { name: "Confirm" }).click();
  await expect(stepUp.getByRole("alert")).toContainText("That code is not right");
  await stepUp.getByLabel("Code from your app").fill(codeFor(checker.key, 1));
  await stepUp.getByRole("button", { name: "Confirm" }).click();
  await expect(card.getByTestId("decision-status")).toHaveText("Approved and sent: the provider has it and it is pending.");
  expect(await atSandbox(sandbox, refId1)).toMatchObject([{ status: "Pending", requestedAmount: 60000 }]);
  await checker.page.context().close();
});

test("LINE: an admin connects the LINE account, an approver links their LINE, a held Pay-Out reaches them in LINE, its button opens it and they approve with step-up", async ({
  browser,
  page,
  sandbox,
}) => {
  test.slow();
  interface StandIn {
    pushes: { to: string; status: number; messages: unknown[] }[];
  }
  const standIn = () => sandbox.control<StandIn>("GET", "/line/state");
  const { line } = await sandbox.control<{ line: { channelAccessToken: string; channelSecret: string } }>("GET", "/credentials");

  // The admin connects the stand-in's LINE Official Account (checked with LINE) and reads the webhook address.
  await page.goto("/settings/line");
  await expect(page.getByRole("heading", { name: "LINE", level: 1 })).toBeVisible();
  await page.getByLabel("Channel access token (long-lived)").fill("not-a-token-line-knows");
  await page.getByLabel("Channel secret").fill(line.channelSecret);
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page.getByTestId("line-connect-error")).toContainText("LINE did not accept that channel access token");
  await page.getByLabel("Channel access token (long-lived)").fill(line.channelAccessToken);
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page.getByTestId("line-connect-success")).toHaveText("Connected: @paydesk-sandbox.");
  await expect(page.getByTestId("line-webhook-url")).toHaveText(`${E2E.baseUrl}/api/webhooks/line`);
  await expectNoAxeViolations(page);

  // An approver with two-factor sign-in adds the account as a friend in LINE: LINE brings them PayDesk's link.
  const checker = await personWithTwoFactor(page, browser, "Finance", "Checker LINE");
  const { userId } = await sandbox.control<{ userId: string }>("POST", "/line/users", { displayName: "Checker in LINE" });
  await sandbox.control("POST", `/line/users/${userId}/follow`);
  const pushedTo = async (match: string) =>
    (await standIn()).pushes.filter((push) => push.to === userId && push.status === 200 && JSON.stringify(push.messages).includes(match));
  await expect.poll(async () => (await pushedTo("/account/line/link")).length, { timeout: budget(20_000) }).toBe(1);
  const offer = JSON.stringify((await pushedTo("/account/line/link"))[0]!.messages);
  const linkUrl = /"uri":"([^"]+\/account\/line\/link[^"]+)"/.exec(offer)![1]!;

  // They open it signed in to PayDesk, confirm, and confirm again in LINE's own dialog.
  await checker.page.goto(new URL(linkUrl).pathname + new URL(linkUrl).search);
  await expect(checker.page.getByRole("heading", { name: "Link your LINE account" })).toBeVisible();
  await expectNoAxeViolations(checker.page);
  await checker.page.getByRole("button", { name: "Link my LINE account" }).click();
  await expect(checker.page.getByRole("heading", { name: "Link your LINE account" })).toBeVisible();
  await expect(checker.page).toHaveURL(/\/dialog\/bot\/accountLink/);
  await checker.page.getByRole("button", { name: "Link" }).click();
  await expect(checker.page.getByRole("heading", { name: "Linked" })).toBeVisible();
  await checker.page.goto("/account/notifications");
  await expect(checker.page.getByTestId("line-linked")).toBeVisible();
  await expectNoAxeViolations(checker.page);

  // Finance asks for a Pay-Out above the threshold: held; the approver hears of it in LINE, in words without the account.
  const finance = await as(browser, "finance");
  const refId1 = await heldPayOut(finance);
  await expect.poll(async () => (await pushedTo(refId1)).length, { timeout: budget(20_000) }).toBe(1);
  const news = JSON.stringify((await pushedTo(refId1))[0]!.messages);
  expect(news).toContain("฿60,000.00");
  expect(news).not.toContain("0812345678");
  const opens = /"uri":"([^"]+\/requests\/[^"]+)"/.exec(news)![1]!;

  // Its button opens the request in PayDesk; approving asks for a fresh code first.
  await checker.page.goto(new URL(opens).pathname);
  await checker.page.getByTestId("next-step").getByRole("button", { name: "Approve and send" }).click();
  await checker.page
    .getByRole("dialog", { name: "Approve and send this money now?" })
    .getByRole("button", { name: "Send ฿60,000.00" })
    .click();
  const stepUp = checker.page.getByRole("dialog", { name: "Confirm it is you" });
  await stepUp.getByLabel("Code from your app").fill(codeFor(checker.key, 1));
  await stepUp.getByRole("button", { name: "Confirm" }).click();
  await expect
    .poll(() => atSandbox(sandbox, refId1), { timeout: budget(15_000) })
    .toMatchObject([{ status: "Pending", requestedAmount: 60000 }]);

  // The new pages in Thai, axe clean.
  const thai = await browser.newContext({ storageState: storageStatePath("admin"), locale: "th-TH" });
  contexts.push(thai);
  const thaiPage = await thai.newPage();
  for (const path of ["/settings/line", "/account/notifications", `/account/line/link?linkToken=x`]) {
    await thaiPage.goto(path);
    await expect(thaiPage.locator("h1")).toBeVisible();
    await expectNoAxeViolations(thaiPage, { what: path });
  }
  await expect(thaiPage.getByRole("heading", { name: "เชื่อมบัญชี LINE ของคุณ" })).toBeVisible();
  await checker.page.context().close();
});

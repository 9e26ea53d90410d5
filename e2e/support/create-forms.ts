/**
 * Page helpers for the create specs (e2e/create-*.spec.ts, e2e/approvals.spec.ts): open a form for
 * a merchant, read and fill its fields, and find what the sandbox made of the request.
 */
import { expect, type Page } from "@playwright/test";
import type { SandboxClient } from "./sandbox";
import { budget } from "./config";

export const COFFEE = "Siam Coffee Roasters";
export const GADGETS = "Chiang Mai Gadgets";

export type Operation = "payin" | "p2p" | "payout" | "withdrawal";

/** Opens /new/<operation> for a merchant: answers the "which merchant?" question, or switches in the header. */
export async function openCreateForm(page: Page, operation: Operation, merchant = COFFEE): Promise<void> {
  await page.goto(`/new/${operation}`);
  const picker = page.getByTestId("merchant-picker");
  const ready = page.getByTestId("create-merchant");
  await expect(picker.or(ready)).toBeVisible();
  if (await picker.isVisible()) {
    await picker.getByRole("button", { name: merchant }).click();
  } else if (!((await ready.textContent()) ?? "").includes(merchant)) {
    await page.locator("#merchant-switcher").selectOption({ label: merchant });
  }
  await expect(ready).toContainText(merchant);
  // The form is interactive once React has hydrated it (its RefId1 suggestion is filled in).
  await expect(refId1Input(page)).toHaveValue(/^PD\d{6}-/);
}

export const refId1Input = (page: Page) => page.getByRole("textbox", { name: "RefId1", exact: true });

/** A RefId1 unique across parallel workers and runs (the persisted sandbox keeps every one). */
export function uniqueRefId1(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`.slice(0, 25);
}

/** Fills RefId1 with a value of our own and waits until the form's early check has looked at it. */
export async function typeRefId1(page: Page, refId1: string): Promise<void> {
  await refId1Input(page).fill(refId1);
  await expect(page.getByText("This RefId1 is free.")).toBeVisible();
}

export async function fillPayIn(page: Page, values: { payerName?: string; amount: string }): Promise<void> {
  await page.getByLabel("Payer's name").fill(values.payerName ?? "สมชาย ใจดี");
  await page.getByLabel("Amount").fill(values.amount);
}

/** Waits for the redirect to the new request's page and returns its id. */
export async function landedOnRequest(page: Page): Promise<string> {
  await page.waitForURL(/\/requests\/req_[0-9a-f]+$/, { timeout: budget(15_000) });
  return new URL(page.url()).pathname.split("/").at(-1)!;
}

export interface SandboxRequest {
  id: string;
  refId1: string;
  status: string;
  statusCode: string | null;
  requestedAmount: number;
  kind?: string;
  [field: string]: unknown;
}

/** What the sandbox holds under a RefId1 (newest first). */
export async function atSandbox(sandbox: SandboxClient, refId1: string): Promise<SandboxRequest[]> {
  return sandbox.control<SandboxRequest[]>("GET", `/requests?refId1=${encodeURIComponent(refId1)}`);
}

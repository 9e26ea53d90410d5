/**
 * axe for a page, as every spec runs it. Only violations are asked for: the tests read nothing
 * else, and axe otherwise works out a CSS selector and an HTML excerpt for every element of every
 * rule that passed (axe-core's "resultTypes" option; each rule still checks every element).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export const axeOf = (page: Page): AxeBuilder => new AxeBuilder({ page }).options({ resultTypes: ["violations"] });

/**
 * The page's violations, one line each: the rule, what it asks for, and the elements that break it.
 * `within`: only that part of the page (a CSS selector: "main", "dialog[open]"), for a spec whose
 * shared header another spec checks.
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  const builder = within ? axeOf(page).include(within) : axeOf(page);
  const { violations } = await builder.analyze();
  return violations.map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
}

/** Fails listing every violation on the page (or the part `within` names) at once; `what` names the page in the message. */
export async function expectNoAxeViolations(page: Page, options: { within?: string; what?: string } = {}): Promise<void> {
  expect(await axeViolations(page, options.within), `axe violations on ${options.what ?? page.url()}`).toEqual([]);
}

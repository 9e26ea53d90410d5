/**
 * axe for a page, as every spec runs it: axe-core's own `axe.run` in the page, asked for
 * violations only (axe otherwise works out a CSS selector and an HTML excerpt for every element of
 * every rule that passed; each rule still checks every element).
 *
 * Not @axe-core/playwright's `analyze()` for a page without frames: it evaluates axe-core's source
 * in the page twice, runs each frame's part, then opens a second page, evaluates the source there
 * a third time and merges the parts in it — 2.0–4.6 s a page here against 0.5–1.0 s for the same
 * rules over the same document run in place (docs/DESIGN.md §19), and a page that opens during a
 * test. A page with frames still goes through `analyze()`, which checks inside each frame.
 */
import AxeBuilder from "@axe-core/playwright";
import axeCore, { type Result, type RunOptions } from "axe-core";
import { expect, type Page } from "@playwright/test";

const OPTIONS: RunOptions = { resultTypes: ["violations"] };

/**
 * The page's axe violations (or those in the part `within` names: a CSS selector, "main",
 * "dialog[open]"), the same rules and options whichever way they run.
 */
export async function axeResults(page: Page, within?: string): Promise<Result[]> {
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page }).options(OPTIONS);
    return (await (within ? builder.include(within) : builder).analyze()).violations;
  }
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeCore.source);
  return page.evaluate(
    async ({ within, options }) => {
      const axe = (window as unknown as { axe: typeof axeCore }).axe;
      const results = await axe.run(within ? { include: [[within]] } : document, options);
      return results.violations;
    },
    { within: within ?? null, options: OPTIONS },
  );
}

/** The page's violations, one line each: the rule, what it asks for, and the elements that break it. */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  const violations = await axeResults(page, within);
  return violations.map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
}

/** Fails listing every violation on the page (or the part `within` names) at once; `what` names the page in the message. */
export async function expectNoAxeViolations(page: Page, options: { within?: string; what?: string } = {}): Promise<void> {
  expect(await axeViolations(page, options.within), `axe violations on ${options.what ?? page.url()}`).toEqual([]);
}

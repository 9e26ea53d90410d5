/**
 * axe for a page, as every spec runs it. Only violations are asked for: the tests read nothing
 * else, and axe otherwise works out a CSS selector and an HTML excerpt for every element of every
 * rule that passed (axe-core's "resultTypes" option; each rule still checks every element).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export const axeOf = (page: Page): AxeBuilder => new AxeBuilder({ page }).options({ resultTypes: ["violations"] });

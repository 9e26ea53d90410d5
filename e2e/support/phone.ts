import { devices } from "@playwright/test";

/**
 * The customer's phone: a Pixel 7's screen (412 CSS pixels wide), touch and user agent, in Thai and
 * Bangkok time, drawn at one device pixel per CSS pixel. Layout, touch and every assertion are the
 * same at the phone's own 2.625; drawing 2.625² as many pixels is what changes, and it cost a fifth
 * of Chromium's CPU on the customer specs (docs/DESIGN.md §19). The QR tests decode screenshots, and
 * fewer pixels per module only makes that stricter.
 */
export const PHONE = { ...devices["Pixel 7"], deviceScaleFactor: 1, locale: "th-TH", timezoneId: "Asia/Bangkok" };

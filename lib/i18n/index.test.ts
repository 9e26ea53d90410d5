import { describe, expect, it } from "vitest";
import { defineMessages, formatDateTime, formatThb, LOCALE_COOKIE, localeOf } from "./index";

describe("i18n", () => {
  it.each([
    ["en", "th-TH,th;q=0.9", "en"],
    [null, "th-TH,th;q=0.9,en;q=0.8", "th"],
    [null, "en-US,en;q=0.9", "en"],
    [null, "fr-FR,th;q=0.5", "th"],
    [null, "", "en"],
    ["xx", null, "en"],
  ] as const)("preference %s with Accept-Language %s → %s", (preference, accept, expected) => {
    expect(localeOf(preference, new Headers(accept === null ? {} : { "accept-language": accept }))).toBe(expected);
  });

  it("takes the language cookie when the person has saved no choice, and the saved choice over it", () => {
    const headers = new Headers({ cookie: `other=1; ${LOCALE_COOKIE}=th; more=2`, "accept-language": "en-US" });
    expect(localeOf(null, headers)).toBe("th");
    expect(localeOf("en", headers)).toBe("en");
    expect(localeOf(null, new Headers({ cookie: `${LOCALE_COOKIE}=xx`, "accept-language": "th" }))).toBe("th");
  });

  it("formats amounts exactly from satang", () => {
    expect(formatThb(123_456_789)).toBe("฿1,234,567.89");
    expect(formatThb(5)).toBe("฿0.05");
  });

  it("shows times in Bangkok, whatever the process's zone", () => {
    const utcMidnight = "2026-11-21T17:30:00Z"; // 00:30 on the 22nd in Bangkok
    expect(formatDateTime(utcMidnight, "en")).toMatch(/22 Nov 2026.*00:30/);
    expect(formatDateTime(utcMidnight, "th")).toMatch(/2569/); // Buddhist era
  });

  it("picks one language's messages", () => {
    const m = defineMessages({ en: { hello: "Hello" }, th: { hello: "สวัสดี" } });
    expect(m("th").hello).toBe("สวัสดี");
  });
});

import { describe, expect, it, vi } from "vitest";
import { translateMerchantMessage } from "@/components/console/settings/merchant-messages";
import { translateSignIn } from "@/components/auth/auth-messages";
import { SIGN_IN_RULES } from "@/components/auth/sign-in-schema";
import { ACTION_MESSAGES, deniedMessage } from "../auth/action";
import { MAX_PASSWORD_LENGTH as SERVER_MAX_PASSWORD_LENGTH } from "../auth/password";
import { SIGN_IN_MESSAGES } from "../auth/sign-in-messages";
import { ROLES } from "../db/schema";
import { MERCHANT_REFUSALS, MERCHANT_RULES } from "../merchants/settings-schemas";
import { STAFF_REFUSALS } from "../staff/errors";
import { translateStaffMessage } from "../staff/rule-messages";
import { MAX_PASSWORD_LENGTH, STAFF_ROLES, STAFF_RULES } from "../staff/schemas";
import { translateActionMessage, UNREACHABLE_MESSAGE } from "./action-messages";
import { combineKnown, knownMessages } from "./known-messages";

// lib/auth/action.ts reads the session through next-auth, which loads only inside Next's bundler.
vi.mock("../auth/session", () => ({ currentSession: async () => null }));

describe("known messages", () => {
  const hello = knownMessages({ en: { hi: "Hello." }, th: { hi: "สวัสดี" } });
  it("translates a sentence it knows, and shows one it does not as it came", () => {
    expect(hello("th", "Hello.")).toBe("สวัสดี");
    expect(hello("en", "Hello.")).toBe("Hello.");
    expect(hello("th", "A rule added later.")).toBe("A rule added later.");
    expect(combineKnown(hello, knownMessages({ en: { bye: "Bye." }, th: { bye: "ลาก่อน" } }))("th", "Bye.")).toBe("ลาก่อน");
  });
});

/** Every sentence of a rule set, checked to come out in Thai (not left in English). */
const allTranslated = (sentences: Record<string, string>, translate: (locale: "th" | "en", text: string) => string) => {
  const untranslated = Object.values(sentences).filter((text) => translate("th", text) === text);
  expect(untranslated).toEqual([]);
  for (const text of Object.values(sentences)) expect(translate("en", text)).toBe(text);
};

describe("every sentence a form can show has its Thai", () => {
  it("the staff and password rules and refusals", () => allTranslated({ ...STAFF_RULES, ...STAFF_REFUSALS }, translateStaffMessage));
  it("the merchant rules and refusals", () => allTranslated({ ...MERCHANT_RULES, ...MERCHANT_REFUSALS, needs: STAFF_REFUSALS.needsAllMerchants }, translateMerchantMessage));
  it("the sign-in rules and refusals, including the lock with its minutes", () => {
    allTranslated({ ...SIGN_IN_RULES, ...SIGN_IN_MESSAGES }, translateSignIn);
    expect(translateSignIn("th", "Too many failed sign-ins for this account; try again in 15 minutes.")).toContain("15 นาที");
    expect(translateSignIn("th", "Too many failed sign-ins from this network; try again in 1 minute.")).toContain("1 นาที");
  });
  it("the action wrapper's own sentences, which these restate word for word", () => {
    const { choosePasswordFirst, ...rest } = ACTION_MESSAGES;
    allTranslated({ ...rest, choosePasswordFirst, unreachable: UNREACHABLE_MESSAGE }, translateActionMessage);
    expect(translateActionMessage("th", deniedMessage("staff.manage"))).toMatch(/ไม่มีสิทธิ์/);
    expect(translateActionMessage("th", "Something went wrong on our side (reference E-1A2B3C). Try again in a moment; if it keeps happening, give that reference to your admin.")).toContain("E-1A2B3C");
  });
});

describe("constants restated for the browser", () => {
  it("match the server's", () => {
    expect(MAX_PASSWORD_LENGTH).toBe(SERVER_MAX_PASSWORD_LENGTH);
    expect([...STAFF_ROLES]).toEqual([...ROLES]);
  });
});

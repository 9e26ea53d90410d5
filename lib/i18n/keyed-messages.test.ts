import { describe, expect, it } from "vitest";
import { translateMerchantMessage } from "@/components/console/settings/merchants/merchant-messages";
import { translateSignIn } from "@/components/auth/auth-messages";
import { SIGN_IN_RULES } from "@/components/auth/sign-in-schema";
import { MAX_PASSWORD_LENGTH as SERVER_MAX_PASSWORD_LENGTH } from "../auth/password";
import { SIGN_IN_MESSAGES, signInMessage } from "../auth/sign-in-messages";
import { ROLES } from "../db/schema";
import { MERCHANT_REFUSALS, MERCHANT_RULES } from "../merchants/settings-schemas";
import { STAFF_REFUSALS } from "../staff/errors";
import { translateStaffMessage } from "../staff/rule-messages";
import { MAX_PASSWORD_LENGTH, STAFF_ROLES, STAFF_RULES } from "../staff/schemas";
import { UNREACHABLE_MESSAGE } from "./action-messages";
import { keyedMessages, wordsOf } from "./keyed-messages";

const THAI = /[\u0E00-\u0E7F]/;

describe("keyed messages", () => {
  const hello = keyedMessages("greet", {
    en: { hi: "Hello.", wait: (n: string) => `Wait ${n} s.` },
    th: { hi: "สวัสดี", wait: (n: string) => `รอ ${n} วินาที` },
  });
  it("word a key in either language, with its value, and pass any other text on as it came", () => {
    expect(hello.keys.hi).toBe("greet.hi");
    expect(hello.words("th", hello.keys.hi)).toBe("สวัสดี");
    expect(hello.words("en", hello.keys.hi)).toBe("Hello.");
    expect(hello.words("th", `${hello.keys.wait}:5`)).toBe("รอ 5 วินาที");
    expect(hello.words("th", "Already in words.")).toBe("Already in words.");
    expect(hello.words("th", "greet.unknown")).toBe("greet.unknown");
    expect(hello.words("th", "other.hi")).toBe("other.hi");
    const bye = keyedMessages("bye", { en: { bye: "Bye." }, th: { bye: "ลาก่อน" } });
    expect(wordsOf(hello.words, bye.words)("th", bye.keys.bye)).toBe("ลาก่อน");
  });
});

/** Every key of a rule set, checked to come out in words in both languages (Thai in Thai script). */
const allWorded = (keys: Record<string, string>, words: (locale: "th" | "en", text: string) => string) => {
  const problems = Object.values(keys).filter(
    (key) => words("en", key) === key || words("th", key) === key || !THAI.test(words("th", key)) || words("th", key) === words("en", key),
  );
  expect(problems).toEqual([]);
};

describe("every message a form can show has both languages", () => {
  it("the staff and password rules and refusals", () =>
    allWorded({ ...STAFF_RULES, ...STAFF_REFUSALS, unreachable: UNREACHABLE_MESSAGE }, translateStaffMessage));
  it("the merchant rules and refusals", () =>
    allWorded(
      { ...MERCHANT_RULES, ...MERCHANT_REFUSALS, needs: STAFF_REFUSALS.needsAllMerchants, unreachable: UNREACHABLE_MESSAGE },
      translateMerchantMessage,
    ));
  it("the sign-in rules and refusals, including the lock with its minutes", () => {
    allWorded({ ...SIGN_IN_RULES, ...SIGN_IN_MESSAGES }, translateSignIn);
    expect(translateSignIn("th", signInMessage("locked-account-15"))).toContain("15 นาที");
    expect(translateSignIn("en", signInMessage("locked-ip-1"))).toBe("Too many failed sign-ins from this network; try again in 1 minute.");
  });
});

describe("constants restated for the browser", () => {
  it("match the server's", () => {
    expect(MAX_PASSWORD_LENGTH).toBe(SERVER_MAX_PASSWORD_LENGTH);
    expect([...STAFF_ROLES]).toEqual([...ROLES]);
  });
});

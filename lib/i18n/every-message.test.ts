/**
 * Every message key the code can produce has words in both languages, and the one function that
 * words any of them (the audit log's) knows them all: a raw `developers.keyGone` or
 * `refundTooLarge:12023` never reaches a person.
 */
import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AuditTable } from "@/components/console/audit/audit-table";
import { FORM_MESSAGE_KEYS } from "../requests/form-messages";
import { KEYED_MESSAGE_SETS, wordMessage } from "./every-message";
import type { Locale } from "./locale";

const THAI = /[\u0E00-\u0E7F]/;
const ROOT = path.resolve(__dirname, "../..");

/** The source files that may make a key: lib, app and components, tests left out. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** A key with a value when its words take one (a number works for every parameter: minutes, satang, a line). */
const withValue = (key: string, takesValue: boolean) => (takesValue ? `${key}:12023` : key);

/** Keys whose words, in both languages, are missing, the same, or not Thai in Thai. */
function unworded(keys: string[]): string[] {
  const words = (locale: Locale, key: string) => wordMessage(locale, key);
  return keys.filter((key) => {
    const [en, th] = [words("en", key), words("th", key)];
    return en === key || th === key || en === th || !THAI.test(th) || /undefined|NaN|\[object/.test(en + th);
  });
}

const NAMESPACED = KEYED_MESSAGE_SETS.flatMap((set) =>
  Object.values(set.keys).map((key) => {
    // A key whose words take a value shows it: try with one, and keep it when the words use it.
    const valued = `${key}:12023`;
    return wordMessage("en", valued).includes("12023") ? valued : key;
  }),
);
const FORM_AND_BULK = [
  ...FORM_MESSAGE_KEYS.map((key) =>
    withValue(key, ["tooLong", "amountBelowMin", "amountAboveMax", "amountAboveCeiling", "refundTooLarge"].includes(key)),
  ),
  "bulkDestinationMissing",
  "bulkRefundNotFound",
  "bulkRefId1Twice:7",
];

describe("every message key the code can produce", () => {
  it("comes from a set the wording function knows: each keyedMessages(…) in the code is listed", () => {
    const namespaces = sourceFiles("lib")
      .concat(sourceFiles("app"), sourceFiles("components"))
      .flatMap((file) => [...fs.readFileSync(path.join(ROOT, file), "utf8").matchAll(/keyedMessages\(\s*"([^"]+)"/g)].map((m) => m[1]!));
    expect(namespaces.length).toBeGreaterThanOrEqual(KEYED_MESSAGE_SETS.length);
    const known = new Set(KEYED_MESSAGE_SETS.flatMap((set) => Object.values(set.keys).map((key) => key.split(".")[0]!)));
    expect(namespaces.filter((namespace) => !known.has(namespace))).toEqual([]);
  });

  it("has words in English and Thai for every namespaced key, with its value where it takes one", () => {
    expect(NAMESPACED).toContain("developers.keyGone");
    expect(unworded(NAMESPACED)).toEqual([]);
  });

  it("has words in English and Thai for every create-form and bulk-line key, with its amount or count", () => {
    expect(FORM_AND_BULK).toContain("refundTooLarge:12023");
    expect(unworded(FORM_AND_BULK)).toEqual([]);
    expect(wordMessage("en", "refundTooLarge:12023")).toBe("At most ฿120.23 is left to refund on this Pay-In.");
  });

  it("leaves text that is no key as it came (a sentence already in words)", () => {
    expect(wordMessage("th", "PayDesk เปิด API key ไม่ได้")).toBe("PayDesk เปิด API key ไม่ได้");
  });

  it("reach the audit log's reader in words: an action's refusal kept as a key is never shown raw", () => {
    const row = (id: number, message: string) => ({
      id,
      at: new Date("2026-11-27T03:00:00Z"),
      action: "api-key.revoke",
      outcome: "not_found",
      actorId: "usr_a",
      actorName: "Admin",
      actorEmail: "admin@example.com",
      merchantId: null,
      merchantName: null,
      target: null,
      targetName: null,
      ip: null,
      data: { message },
    });
    const keys = [...NAMESPACED, ...FORM_AND_BULK];
    for (const locale of ["th", "en"] as const) {
      const markup = renderToStaticMarkup(createElement(AuditTable, { rows: keys.map((key, i) => row(i, key)), locale }));
      expect(keys.filter((key) => markup.includes(`message: ${key}<`) || markup.includes(`message: ${key};`))).toEqual([]);
    }
  });
});

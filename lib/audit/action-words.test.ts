import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "../merchant-api/endpoints";
import { actionLabel } from "../../components/console/audit/audit-messages";
import { AUDIT_ACTIONS, isAuditAction } from "./actions";

const root = process.cwd();

/** Every non-test .ts/.tsx file under these folders. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "testing" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * The actions the code can write, found in the source: `audit: "x"` (defineAction, defineRoute)
 * and `action: "x"` in a module that calls recordAudit, the create actions' permissions (their
 * audit name), and `api.<operationId>` for every merchant-API endpoint that writes.
 */
function writtenActions(): Set<string> {
  const found = new Set<string>();
  for (const file of ["app", "lib", "components"].flatMap((d) => sourceFiles(path.join(root, d)))) {
    const text = fs.readFileSync(file, "utf8");
    for (const match of text.matchAll(/\baudit: "([a-z0-9.-]+)"/g)) found.add(match[1]!);
    if (text.includes("recordAudit(")) for (const match of text.matchAll(/\baction: "([a-z0-9.-]+)"/g)) found.add(match[1]!);
    for (const match of text.matchAll(/\bcreateAction\(\s*"([a-z0-9.-]+)"/g)) found.add(match[1]!);
  }
  for (const endpoint of Object.values(ENDPOINTS)) if (endpoint.method !== "GET") found.add(`api.${endpoint.operationId}`);
  return found;
}

describe("every audit action the code can write has words in English and Thai", () => {
  const actions = [...writtenActions()].sort();

  it("finds the writers (an empty scan would pass vacuously)", () => {
    expect(actions).toEqual(
      expect.arrayContaining(["auth.sign-in", "staff.invite", "payout.create", "api.createPayout", "requests.export"]),
    );
    expect(actions.length).toBeGreaterThan(40);
  });

  it("names each one in both languages", () => {
    const missing = actions.filter((action) => {
      const english = actionLabel("en", action);
      const thai = actionLabel("th", action);
      return english === action || thai === action || !/[\u0E00-\u0E7F]/.test(thai);
    });
    expect(missing).toEqual([]);
  });

  it("and every one is in the registry the writers' types accept, and the registry names each in both languages", () => {
    expect(actions.filter((action) => !isAuditAction(action))).toEqual([]);
    for (const [action, words] of Object.entries(AUDIT_ACTIONS)) {
      expect(words.en.trim(), action).not.toBe("");
      expect(words.en, action).not.toBe(action);
      expect(words.th, action).toMatch(/[\u0E00-\u0E7F]/);
    }
  });
});

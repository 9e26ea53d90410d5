import { describe, expect, it } from "vitest";
import { sectionsFor } from "./console-sections";

describe("console nav per role", () => {
  it.each([
    ["viewer", ["Requests", "Slips", "Webhooks"]],
    ["operator", ["Requests", "New request", "Slips", "Webhooks"]],
    ["finance", ["Requests", "New request", "Approvals", "Slips", "Webhooks", "Audit"]],
    ["admin", ["Requests", "New request", "Approvals", "Slips", "Webhooks", "Settings", "Audit"]],
  ] as const)("%s sees %j", (role, labels) => {
    expect(sectionsFor(role).map((s) => s.label)).toEqual(labels);
  });
});

import { describe, expect, it } from "vitest";
import { sectionsFor } from "./console-sections";

describe("console nav per role", () => {
  it.each([
    ["viewer", ["Overview", "Requests", "Slips", "Webhooks"]],
    ["operator", ["Overview", "Requests", "New request", "Slips", "Webhooks"]],
    ["finance", ["Overview", "Requests", "New request", "Approvals", "Bulk Pay-Outs", "Slips", "Webhooks", "Statement", "Audit"]],
    ["admin", ["Overview", "Requests", "New request", "Approvals", "Bulk Pay-Outs", "Slips", "Webhooks", "Statement", "Settings", "Audit"]],
  ] as const)("%s sees %j", (role, labels) => {
    expect(sectionsFor(role).map((s) => s.label)).toEqual(labels);
  });
});

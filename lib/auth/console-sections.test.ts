import { describe, expect, it } from "vitest";
import { sectionsFor } from "./console-sections";

describe("console nav per role", () => {
  it.each([
    ["viewer", ["Overview", "Needs attention", "Requests", "Slips", "Webhooks"]],
    ["operator", ["Overview", "Needs attention", "Requests", "New request", "Slips", "Webhooks"]],
    [
      "finance",
      ["Overview", "Needs attention", "Requests", "New request", "Approvals", "Bulk Pay-Outs", "Slips", "Webhooks", "Statement", "Audit"],
    ],
    [
      "admin",
      [
        "Overview",
        "Needs attention",
        "Requests",
        "New request",
        "Approvals",
        "Bulk Pay-Outs",
        "Slips",
        "Webhooks",
        "Statement",
        "Settings",
        "Audit",
      ],
    ],
  ] as const)("%s sees %j", (role, labels) => {
    expect(sectionsFor(role).map((s) => s.label)).toEqual(labels);
  });
});

import { describe, expect, it } from "vitest";
import { sectionsFor } from "./console-sections";

describe("console nav per role", () => {
  it.each([
    ["viewer", ["Overview", "Needs attention", "Requests", "Slips", "Provider webhooks"]],
    ["operator", ["Overview", "Needs attention", "Requests", "New request", "Slips", "Provider webhooks"]],
    [
      "finance",
      [
        "Overview",
        "Needs attention",
        "Requests",
        "New request",
        "Approvals",
        "Bulk Pay-Outs",
        "Slips",
        "Provider webhooks",
        "Statement",
        "Audit",
      ],
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
        "Provider webhooks",
        "Statement",
        "Settings",
        "Audit",
      ],
    ],
  ] as const)("%s sees %j", (role, labels) => {
    expect(sectionsFor(role).map((s) => s.label)).toEqual(labels);
  });
});

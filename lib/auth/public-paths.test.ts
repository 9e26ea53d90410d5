import { describe, expect, it } from "vitest";
import { isPublicPath } from "./public-paths";

describe("paths open without signing in", () => {
  it("lets the public pages, auth, webhooks, checkout, slip upload and Next's assets through", () => {
    for (const path of [
      "/",
      "/login",
      "/api/auth/session",
      "/api/auth/callback/credentials",
      "/api/webhooks/payment",
      "/checkout/tok_123",
      "/payin-slip-upload/org/pr_1/tok",
      "/_next/static/chunks/app.js",
      "/favicon.ico",
    ]) {
      expect(isPublicPath(path), path).toBe(true);
    }
  });

  it("protects the console and everything not listed, including look-alikes", () => {
    for (const path of [
      "/requests",
      "/new",
      "/approvals",
      "/webhooks",
      "/settings",
      "/audit",
      "/requests/export.csv",
      "/loginx",
      "/login/../settings",
      "/checkoutx",
      "/api/authx",
      "/api/exports/requests",
      "/api/webhooksx/payment",
    ]) {
      expect(isPublicPath(path), path).toBe(false);
    }
  });
});

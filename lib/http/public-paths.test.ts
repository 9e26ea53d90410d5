import { describe, expect, it } from "vitest";
import { isPublicPath, isSessionlessPath, publicPathKind, signInPath } from "./public-paths";

describe("paths open without signing in", () => {
  it("lets the public pages, auth, webhooks, checkout, slip upload and Next's assets through", () => {
    for (const path of [
      "/login",
      "/api/auth/session",
      "/api/auth/callback/credentials",
      "/api/webhooks/payment",
      "/api/health/database",
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
      "/",
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

describe("paths without any session work", () => {
  it("are the customer's pages and the webhooks, all of them public", () => {
    for (const path of [
      "/checkout",
      "/checkout/tok_123",
      "/checkout/tok_123/events",
      "/payin-slip-upload/org/pr_1/tok",
      "/api/webhooks/payment",
    ]) {
      expect(isSessionlessPath(path), path).toBe(true);
      expect(isPublicPath(path), path).toBe(true);
    }
  });

  it("are not the sign-in, the auth routes, the home page or look-alikes", () => {
    for (const path of [
      "/",
      "/login",
      "/api/auth/session",
      "/api/auth/csrf",
      "/checkoutx",
      "/payin-slip-uploadx/a",
      "/api/webhooksx/payment",
      "/requests",
    ]) {
      expect(isSessionlessPath(path), path).toBe(false);
    }
  });
});

describe("what kind of public path", () => {
  it("tells the route doors and the sign-in loop guard apart, from the same list", () => {
    expect(publicPathKind("/api/webhooks/payment")).toBe("webhook");
    expect(publicPathKind("/checkout/tok_1/status")).toBe("customer");
    expect(publicPathKind("/payin-slip-upload/org/pr_1/tok/upload")).toBe("customer");
    expect(publicPathKind("/api/health/database")).toBe("health");
    expect(publicPathKind("/login")).toBe("sign-in");
    expect(publicPathKind("/api/auth/signout")).toBe("sign-in");
    for (const path of ["/", "/requests", "/api/events", "/api/authx", "/loginx"]) expect(publicPathKind(path), path).toBeNull();
  });
});

describe("the sign-in redirect", () => {
  it("comes back to the page and query asked for", () => {
    expect(signInPath("/requests")).toBe("/login?callbackUrl=%2Frequests");
    expect(signInPath("/audit?from=e2e&x=1")).toBe("/login?callbackUrl=%2Faudit%3Ffrom%3De2e%26x%3D1");
  });

  it("never comes back to another site, to sign-in itself, or to nothing", () => {
    for (const path of [
      "https://evil.example/",
      "//evil.example/x",
      "javascript:alert(1)",
      "",
      null,
      undefined,
      "/login",
      "/login?callbackUrl=%2Frequests",
    ]) {
      expect(signInPath(path), String(path)).toBe("/login");
    }
  });
});

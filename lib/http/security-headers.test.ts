import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { inlinedStyleHashes } from "./inlined-styles";
import { contentSecurityPolicy, newNonce, permissionsPolicy, strictTransportSecurity } from "./security-headers";

const directives = (policy: string) => new Map(policy.split("; ").map((d) => [d.split(" ")[0]!, d.split(" ").slice(1)]));

describe("security headers", () => {
  it("HSTS only when PayDesk is reached over HTTPS", () => {
    expect(strictTransportSecurity("https://pay.example.co.th")).toBe("max-age=63072000; includeSubDomains");
    expect(strictTransportSecurity("http://127.0.0.1:3000")).toBeNull();
    expect(strictTransportSecurity("http://pay.example.co.th")).toBeNull();
  });

  it("a strict, nonce-based policy that lets the checkout reach the provider's hub", () => {
    const policy = directives(
      contentSecurityPolicy("abc123==", { hubBaseUrl: "wss://hub.example.com/base", isDevelopment: false, styleHashes: ["'sha256-abc='"] }),
    );
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    expect(policy.get("style-src")).toEqual(["'self'", "'nonce-abc123=='", "'sha256-abc='"]);
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
    expect(policy.get("connect-src")).toEqual(["'self'", "wss://hub.example.com", "https://hub.example.com"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
  });

  it("keeps the hub's port, and names no hub when the checkout does not use one", () => {
    expect(
      directives(contentSecurityPolicy("n", { hubBaseUrl: "ws://127.0.0.1:4010", isDevelopment: false, styleHashes: [] })).get(
        "connect-src",
      ),
    ).toEqual(["'self'", "ws://127.0.0.1:4010", "http://127.0.0.1:4010"]);
    expect(directives(contentSecurityPolicy("n", { hubBaseUrl: null, isDevelopment: false, styleHashes: [] })).get("connect-src")).toEqual([
      "'self'",
    ]);
  });

  it("lets next dev evaluate code and inject styles, and production neither", () => {
    const dev = directives(contentSecurityPolicy("n", { hubBaseUrl: null, isDevelopment: true, styleHashes: ["'sha256-abc='"] }));
    expect(dev.get("script-src")).toContain("'unsafe-eval'");
    expect(dev.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(contentSecurityPolicy("n", { hubBaseUrl: null, isDevelopment: false, styleHashes: [] })).not.toContain("unsafe");
  });

  it("a fresh 128-bit nonce each time", () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });

  it("allows the clipboard only where a copy button is, and no camera, microphone or location anywhere", () => {
    for (const path of ["/requests", "/checkout/tok", "/payin-slip-upload/o/p/t"]) {
      const policy = permissionsPolicy(path);
      for (const denied of ["camera=()", "microphone=()", "geolocation=()", "payment=()", "usb=()"]) expect(policy, path).toContain(denied);
    }
    expect(permissionsPolicy("/checkout/tok")).toContain("clipboard-write=(self)");
    expect(permissionsPolicy("/requests/req_1")).toContain("clipboard-write=(self)");
    expect(permissionsPolicy("/payin-slip-upload/o/p/t")).toContain("clipboard-write=()");
  });

  it("never names web-share: its default 'self' lets the console share, and Chromium without Web Share would log an error on every page", () => {
    for (const path of ["/requests/req_1", "/checkout/tok", "/payin-slip-upload/o/p/t", "/login"])
      expect(permissionsPolicy(path), path).not.toContain("web-share");
  });
});

describe("inlined stylesheet hashes", () => {
  it("hashes each stylesheet of the build as a browser hashes the <style> holding it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-static-"));
    try {
      fs.mkdirSync(path.join(dir, "chunks"));
      const css = "body{color:#0f766e}\n";
      fs.writeFileSync(path.join(dir, "chunks", "a.css"), css);
      fs.writeFileSync(path.join(dir, "chunks", "a.js"), "console.log(1)");
      expect(inlinedStyleHashes(dir)).toEqual([`'sha256-${createHash("sha256").update(css, "utf8").digest("base64")}'`]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

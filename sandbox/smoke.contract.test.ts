import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payInBody, startTestSandbox, type TestSandbox } from "./testing/harness";

describe("smoke", () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox("spec");
  });
  afterAll(async () => sb.dispose());

  it("creates a pay-in", async () => {
    const res = await sb.submit("SubmitPayInRequest", sb.coffee, payInBody());
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.status).toBe("OK");
    expect(body.paymentResponse.qrCodeImage).toMatch(/^data:image\/png;base64,/);
  });
});

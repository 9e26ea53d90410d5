/**
 * The control API's backdate: a request the provider has held for a while, without a test waiting
 * for the clock (the live profile's "RefId1 used at the provider before PayDesk's submit").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payInBody, startTestSandbox, type TestSandbox } from "./testing/harness";
import type { Json } from "./testing/json";

describe("POST /sandbox/requests/:id/backdate", () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox("live");
  });
  afterAll(async () => sb.dispose());

  it("moves the request's creation and expiry earlier by the seconds given, as every read of it shows", async () => {
    const submitted = await sb.submit("SubmitPayInRequest", sb.coffee, payInBody());
    expect(submitted.status).toBe(200);
    const { paymentResponse } = (await submitted.json()) as { paymentResponse: { id: string } };
    const before = (await sb.control<Json>("GET", `/requests/${paymentResponse.id}`)).body;

    const answer = await sb.control<Json>("POST", `/requests/${paymentResponse.id}/backdate`, { seconds: 600 });
    expect(answer.status).toBe(200);
    const after = (await sb.control<Json>("GET", `/requests/${paymentResponse.id}`)).body;
    expect(Date.parse(before.createdDate) - Date.parse(after.createdDate)).toBe(600_000);
    expect(Date.parse(before.expireDate) - Date.parse(after.expireDate)).toBe(600_000);
    expect(after.status).toBe(before.status);
  });

  it("refuses what is not a whole number of seconds from 1 to a day, and an unknown request, saying so", async () => {
    const submitted = await sb.submit("SubmitPayInRequest", sb.coffee, payInBody());
    const { paymentResponse } = (await submitted.json()) as { paymentResponse: { id: string } };
    for (const seconds of [0, -5, 1.5, 86_401, "60"]) {
      const refused = await sb.control<Json>("POST", `/requests/${paymentResponse.id}/backdate`, { seconds });
      expect(refused.status, String(seconds)).toBe(400);
      expect(JSON.stringify(refused.body)).toMatch(/seconds/);
    }
    const unknown = await sb.control<Json>("POST", "/requests/00000000-0000-4000-8000-000000000000/backdate", { seconds: 5 });
    expect(unknown.status).toBe(404);
  });
});

import { describe, expect, it } from "vitest";
import { CLOCK_SKEW_MS, shouldRefresh, type Followed } from "./refresh-rule";
import type { RequestChange } from "./request-events";

const RENDERED = 1_000_000;
const list: Followed = { requestIds: ["req_a", "req_b"], renderedAt: RENDERED, follows: "requests" };
const requestPage: Followed = { requestIds: ["req_a"], renderedAt: RENDERED, follows: "requests" };
const summary: Followed = { renderedAt: RENDERED, follows: "requests" };
const deliveryLog: Followed = { renderedAt: RENDERED, follows: "deliveries" };

const ready = (facts: Partial<Extract<RequestChange, { kind: "ready" }>> = {}): RequestChange => ({
  kind: "ready",
  afterBreak: false,
  heardAllSince: RENDERED - 60_000,
  lastChangeAt: RENDERED - 30_000,
  lastDeliveryChangeAt: null,
  ...facts,
});

describe("when the live stream first listens", () => {
  it("a list or a request's page with nothing heard since it rendered is not rendered again", () => {
    for (const page of [list, requestPage, summary]) expect(shouldRefresh(ready(), page)).toBe(false);
    expect(shouldRefresh(ready({ lastChangeAt: null }), requestPage)).toBe(false);
  });

  it("catches up on a change heard after the render, within the clocks' skew", () => {
    for (const page of [list, requestPage, summary]) {
      expect(shouldRefresh(ready({ lastChangeAt: RENDERED + 5 }), page)).toBe(true);
      expect(shouldRefresh(ready({ lastChangeAt: RENDERED - CLOCK_SKEW_MS }), page)).toBe(true);
      expect(shouldRefresh(ready({ lastChangeAt: RENDERED - CLOCK_SKEW_MS - 1 }), page)).toBe(false);
    }
  });

  it("refreshes when the server was not listening when the page rendered, or never was", () => {
    expect(shouldRefresh(ready({ heardAllSince: null }), requestPage)).toBe(true);
    expect(shouldRefresh(ready({ heardAllSince: RENDERED }), list)).toBe(true);
  });

  it("always refreshes after a break", () => {
    for (const page of [list, requestPage, summary, deliveryLog]) expect(shouldRefresh(ready({ afterBreak: true }), page)).toBe(true);
  });

  it("the delivery log goes by the deliveries' last change, not the requests'", () => {
    expect(shouldRefresh(ready({ lastChangeAt: RENDERED + 5 }), deliveryLog)).toBe(false);
    expect(shouldRefresh(ready({ lastDeliveryChangeAt: RENDERED + 5 }), deliveryLog)).toBe(true);
  });
});

describe("news while listening", () => {
  it("a page about particular requests refreshes for one of them only; a summary for any", () => {
    expect(shouldRefresh({ kind: "request", requestId: "req_a" }, requestPage)).toBe(true);
    expect(shouldRefresh({ kind: "request", requestId: "req_z" }, requestPage)).toBe(false);
    expect(shouldRefresh({ kind: "request", requestId: "req_z" }, summary)).toBe(true);
  });

  it("deliveries are the delivery log's alone, and requests never are", () => {
    expect(shouldRefresh({ kind: "delivery" }, deliveryLog)).toBe(true);
    expect(shouldRefresh({ kind: "delivery" }, list)).toBe(false);
    expect(shouldRefresh({ kind: "request", requestId: "req_a" }, deliveryLog)).toBe(false);
  });
});

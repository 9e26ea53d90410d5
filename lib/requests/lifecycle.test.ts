import { describe, expect, it } from "vitest";
import { applyEvent, isTerminal, STATES, stateFromProvider, type LifecycleEvent, type RequestFacts, type State } from "./lifecycle";
import { factWords } from "./notes";

const payIn = (state: State, paidSatang = 0, generatedSatang: number | null = null): RequestFacts => ({
  state,
  kind: "payin",
  requestedSatang: 100_000,
  generatedSatang,
  paidSatang,
});
const payOut = (state: State, paidSatang = 0): RequestFacts => ({
  state,
  kind: "payout",
  requestedSatang: 100_000,
  generatedSatang: null,
  paidSatang,
});

const status = (s: string, statusCode: string | null = null): LifecycleEvent => ({
  type: "provider_status",
  status: s,
  statusCode,
  reason: null,
});
const partial = (tx: number, inclusive: number | null = null): LifecycleEvent => ({
  type: "payout_success",
  txSatang: tx,
  isPartial: true,
  paidInclusiveSatang: inclusive,
  providerStatus: "Pending",
});
const final = (tx: number, providerStatus: string | null = "Approved"): LifecycleEvent => ({
  type: "payout_success",
  txSatang: tx,
  isPartial: false,
  paidInclusiveSatang: null,
  providerStatus,
});

describe("stateFromProvider", () => {
  it.each([
    ["Pending", null, "pending"],
    ["Paid", "OK", "paid"],
    ["Approved", null, "approved"],
    ["Rejected", "ERR_EXPIRED_REQUEST", "expired"],
    ["Expired", "ERR_EXPIRED_REQUEST", "expired"],
    ["Rejected", null, "rejected"],
    ["Rejected", "ADMIN_REJECT", "rejected"],
    ["rejected", null, "rejected"],
    ["Error", null, null],
  ] as const)("%s / %s → %s", (s, code, expected) => {
    expect(stateFromProvider(s, code)).toBe(expected);
  });
});

describe("allowed transitions", () => {
  it.each<[string, RequestFacts, LifecycleEvent, State]>([
    ["approval sends a held pay-out", payOut("awaiting_approval"), { type: "approval_granted" }, "submitting"],
    ["a declined approval cancels it", payOut("awaiting_approval"), { type: "approval_declined", reason: "not ours" }, "canceled"],
    ["the provider accepts a submit", payIn("submitting"), { type: "submit_accepted", providerStatus: "Pending" }, "pending"],
    ["a late answer settles an unknown submit", payIn("unknown"), { type: "submit_accepted", providerStatus: "Pending" }, "pending"],
    [
      "the provider rejects a submit",
      payIn("submitting"),
      { type: "submit_rejected", code: "REF_ID1_DUPLICATE", description: "x" },
      "rejected",
    ],
    [
      "reconciliation finds a rejected-at-submit row for an unknown submit",
      payIn("unknown"),
      { type: "submit_rejected", code: "ERROR_VALUE_NOT_IN_RANGE", description: null },
      "rejected",
    ],
    [
      "a lost answer makes the outcome unknown",
      payIn("submitting"),
      { type: "submit_uncertain", reason: { kind: "timeout", timeoutMs: 8_000, mayExist: true } },
      "unknown",
    ],
    ["reconciliation finds it pending", payIn("unknown"), status("Pending"), "pending"],
    ["reconciliation finds it already paid", payIn("unknown"), status("Paid"), "paid"],
    ["a matched payment", payIn("pending"), status("Paid"), "paid"],
    ["an admin approval", payIn("pending"), status("Approved"), "approved"],
    ["a rejection", payIn("pending"), status("Rejected", "ADMIN"), "rejected"],
    ["live expiry", payIn("pending"), status("Rejected", "ERR_EXPIRED_REQUEST"), "expired"],
    ["spec expiry", payIn("pending"), status("Expired", "ERR_EXPIRED_REQUEST"), "expired"],
    ["a pay-out's final transfer", payOut("pending"), final(100_000), "approved"],
    ["a final transfer reported Pending completes as paid", payOut("pending", 40_000), final(0, "Pending"), "paid"],
    ["a pay-out rejected", payOut("pending"), status("Rejected"), "rejected"],
    ["a webhook for a pay-out still submitting", payOut("submitting"), partial(10_000), "pending"],
  ])("%s", (_label, facts, event, next) => {
    const verdict = applyEvent(facts, event);
    expect(verdict).toMatchObject({ applied: true, next });
  });

  it("records the provider's code and reason with a rejection", () => {
    expect(
      applyEvent(payIn("pending"), {
        type: "provider_status",
        status: "Rejected",
        statusCode: "ERR_EXPIRED_REQUEST",
        reason: "Payment request has expired",
      }),
    ).toEqual({
      applied: true,
      next: "expired",
      paidSatang: 0,
      statusCode: "ERR_EXPIRED_REQUEST",
      reason: "Payment request has expired",
    });
  });
});

describe("refused transitions change nothing", () => {
  const terminal = STATES.filter(isTerminal);
  const everyEvent: LifecycleEvent[] = [
    { type: "approval_granted" },
    { type: "approval_declined", reason: "x" },
    { type: "submit_accepted", providerStatus: "Pending" },
    { type: "submit_rejected", code: "X", description: null },
    { type: "submit_uncertain", reason: { note: "send_unfinished" } },
    status("Pending"),
    status("Paid"),
    status("Approved"),
    status("Rejected"),
    status("Rejected", "ERR_EXPIRED_REQUEST"),
    partial(10_000),
    final(100_000),
  ];

  it.each(terminal.flatMap((state) => everyEvent.map((event) => [state, event] as const)))("%s ignores %j", (state, event) => {
    const facts = event.type === "payout_success" ? payOut(state) : payIn(state);
    const verdict = applyEvent(facts, event);
    expect(verdict.applied).toBe(false);
    if (!verdict.applied) expect(factWords(verdict.why, "en")).toMatch(/terminal state is never left/);
  });

  it.each<[string, RequestFacts, LifecycleEvent, RegExp]>([
    ["approval of a request not awaiting it", payOut("pending"), { type: "approval_granted" }, /awaiting approval/],
    ["declining a request already sent", payOut("submitting"), { type: "approval_declined", reason: "x" }, /awaiting approval/],
    [
      "a submit answer after the request moved on",
      payIn("pending"),
      { type: "submit_accepted", providerStatus: "Pending" },
      /while pending/,
    ],
    [
      "a submit rejection after the request moved on",
      payIn("pending"),
      { type: "submit_rejected", code: "X", description: null },
      /while pending/,
    ],
    ["an uncertain outcome twice", payIn("unknown"), { type: "submit_uncertain", reason: { note: "send_unfinished" } }, /while unknown/],
    ["Pending again", payIn("pending"), status("Pending"), /already pending/],
    ["a status for a request never sent", payOut("awaiting_approval"), status("Paid"), /never sent/],
    ["a status word nobody knows", payIn("pending"), status("Error"), /not one PayDesk knows/],
    ["a pay-out success for a pay-in", payIn("pending"), final(100), /for a pay-in/],
    ["a pay-out success for a held pay-out", payOut("awaiting_approval"), final(100), /never sent/],
    ["a partial round that adds nothing", payOut("pending", 60_000), partial(10_000, 50_000), /adds nothing/],
  ])("%s", (_label, facts, event, why) => {
    const verdict = applyEvent(facts, event);
    expect(verdict.applied).toBe(false);
    if (!verdict.applied) expect(factWords(verdict.why, "en")).toMatch(why);
  });
});

describe("what a paid Pay-In collected", () => {
  it("is the generated amount the customer was asked to pay, else the requested amount", () => {
    expect(applyEvent(payIn("pending", 0, 100_037), status("Paid", "OK"))).toMatchObject({
      applied: true,
      next: "paid",
      paidSatang: 100_037,
    });
    expect(applyEvent(payIn("pending", 0, 99_963), status("Approved"))).toMatchObject({
      applied: true,
      next: "approved",
      paidSatang: 99_963,
    });
    expect(applyEvent(payIn("unknown"), status("Paid", "OK"))).toMatchObject({ applied: true, next: "paid", paidSatang: 100_000 });
    expect(applyEvent({ ...payIn("pending"), kind: "payin_p2p" }, status("Approved"))).toMatchObject({
      applied: true,
      next: "approved",
      paidSatang: 100_000,
    });
  });

  it("is the amount the provider reports as received when it reports one", () => {
    expect(
      applyEvent(payIn("pending", 0, 100_037), {
        type: "provider_status",
        status: "Paid",
        statusCode: "OK",
        reason: null,
        amountSatang: 100_037,
      }),
    ).toMatchObject({ paidSatang: 100_037 });
  });

  it("stays 0 for a request that ends without payment", () => {
    expect(applyEvent(payIn("pending", 0, 100_037), status("Rejected", "ERR_EXPIRED_REQUEST"))).toMatchObject({
      next: "expired",
      paidSatang: 0,
    });
  });
});

describe("a submit whose outcome nobody can tell", () => {
  const unresolved: LifecycleEvent = { type: "submit_unresolved", code: "SUBMIT_UNRESOLVED_NOT_FOUND", reason: { note: "gave_up" } };
  it("moves an unknown submit to needs_review, which only the provider's answer leaves", () => {
    expect(applyEvent(payIn("unknown"), unresolved)).toMatchObject({
      applied: true,
      next: "needs_review",
      statusCode: "SUBMIT_UNRESOLVED_NOT_FOUND",
    });
    expect(applyEvent(payIn("pending"), unresolved)).toMatchObject({ applied: false });
    expect(applyEvent(payIn("needs_review"), unresolved)).toMatchObject({ applied: false });
    expect(applyEvent(payIn("needs_review"), { type: "submit_accepted", providerStatus: "Pending" })).toMatchObject({
      applied: true,
      next: "pending",
    });
    expect(
      applyEvent(payIn("needs_review"), { type: "submit_rejected", code: "REF_ID1_USED_AT_PROVIDER", description: null }),
    ).toMatchObject({ applied: true, next: "rejected" });
    expect(applyEvent(payIn("needs_review"), status("Paid"))).toMatchObject({ applied: true, next: "paid" });
    expect(isTerminal("needs_review")).toBe(false);
  });
});

describe("partial P2P pay-outs", () => {
  /** Feeds events in order, as the webhook receiver would. */
  function run(start: RequestFacts, events: LifecycleEvent[]): RequestFacts {
    return events.reduce((facts, event) => {
      const verdict = applyEvent(facts, event);
      return verdict.applied ? { ...facts, state: verdict.next, paidSatang: verdict.paidSatang } : facts;
    }, start);
  }

  it("accumulates the sum of TX_AMOUNT rounds; rounds that add up leave it open for the provider's final word", () => {
    const after = run(payOut("pending"), [partial(30_000), partial(30_000), partial(30_000)]);
    expect(after).toMatchObject({ state: "pending", paidSatang: 90_000 });
    // Fully covered is not done: the provider still says Pending until its admin approves (docs/provider-facts.md §2.5).
    const covered = run(after, [partial(10_000)]);
    expect(covered).toMatchObject({ state: "pending", paidSatang: 100_000 });
    expect(run(covered, [final(0, "Approved")])).toMatchObject({ state: "approved", paidSatang: 100_000 });
    expect(run(covered, [status("Rejected", "ADMIN_REJECT")])).toMatchObject({ state: "rejected", paidSatang: 100_000 });
    expect(run(covered, [status("Approved")])).toMatchObject({ state: "approved", paidSatang: 100_000 });
  });

  it("uses PAYOUT_PAID_AMOUNT_INCLUSIVE when present, so shuffled rounds still add up", () => {
    const shuffled = [partial(30_000, 90_000), partial(30_000, 30_000), partial(30_000, 60_000)];
    expect(run(payOut("pending"), shuffled)).toMatchObject({ state: "pending", paidSatang: 90_000 });
  });

  it("completes on a non-partial success whatever has been paid", () => {
    expect(run(payOut("pending"), [partial(30_000), final(70_000)])).toMatchObject({ state: "approved", paidSatang: 100_000 });
    expect(run(payOut("pending"), [final(0, "Pending")])).toMatchObject({ state: "paid", paidSatang: 100_000 });
  });

  it("ignores rounds after completion, and never pays more than requested", () => {
    const done = run(payOut("pending"), [final(100_000), partial(50_000)]);
    expect(done).toMatchObject({ state: "approved", paidSatang: 100_000 });
    expect(run(payOut("pending"), [partial(150_000, 150_000)])).toMatchObject({ state: "pending", paidSatang: 100_000 });
  });

  it("keeps a rejection after success from undoing it, and success after rejection", () => {
    expect(run(payIn("pending"), [status("Paid"), status("Rejected")])).toMatchObject({ state: "paid" });
    expect(run(payIn("pending"), [status("Rejected"), status("Paid")])).toMatchObject({ state: "rejected" });
  });
});

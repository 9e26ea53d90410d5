"use client";

import { useCallback, useEffect, useReducer, useRef, useState, type ReactNode } from "react";
import { STATUS_POLL_MS } from "@/lib/checkout/polling";
import { formatDateTime } from "@/lib/i18n/date-time";
import type { HubState } from "./hub-client";

/**
 * The part of the checkout page that changes by itself: the countdown and the request's status.
 * Everything else is server-rendered and handed in as `payment` (amount, QR, bank details) and
 * `slip` (the slip upload link); on a terminal status `payment` is taken out of the page, so a
 * settled request never leaves a scannable QR on screen (docs/DESIGN.md §5.2).
 *
 * Status arrives two ways, whichever is first (docs/DESIGN.md §5.2):
 * - PayDesk's own stream (`/checkout/<token>/events`, fed by webhooks and reconciliation), with
 *   polling when the stream cannot be held; EventSource reconnects by itself after a network loss.
 * - the provider's hub, loaded after first paint so it never delays the QR. It only says
 *   "payment.completed" (docs/provider-facts.md §4.10), and only for QR pay-ins: PayDesk is then asked to
 *   check with the provider at once (the hub is anonymous, so its word alone changes nothing there).
 */
export type LiveState = "awaiting_approval" | "submitting" | "unknown" | "pending" | "paid" | "approved" | "rejected" | "expired" | "canceled";

export interface LiveStatus {
  state: LiveState;
  reason: string | null;
  changedAt: string;
}

export interface LiveLabels {
  timeLeft: string;
  hurry: string;
  waiting: string;
  liveOffline: string;
  paidTitle: string;
  paidBody: string;
  paidAt: string;
  amount: string;
  amountPaid: string;
  reference: string;
  rejectedTitle: string;
  rejectedBody: string;
  reason: string;
  expiredTitle: string;
  expiredBody: string;
  qrVoid: string;
  canceledTitle: string;
  minutes: string;
  seconds: string;
}

interface Props {
  token: string;
  initial: LiveStatus;
  /** `initial.changedAt` as the server wrote it, so the first render matches the HTML exactly. */
  initialWhen: string;
  /** The server's clock when it rendered the page (ms since epoch): the countdown follows it, not the phone's. */
  serverNow: number;
  expireAt: string | null;
  amountText: string;
  reference: string;
  locale: "th" | "en";
  /** ws(s) URL of the provider's hub, or null when PayDesk is configured without it. */
  hubUrl: string | null;
  sessionId: string;
  labels: LiveLabels;
  payment: ReactNode;
  slip: ReactNode;
}

const TERMINAL = new Set<LiveState>(["paid", "approved", "rejected", "expired", "canceled"]);
const HURRY_MS = 5 * 60_000;

/** Later news wins, but nothing leaves a terminal state (the same rule as lib/requests/lifecycle.ts). */
function reduce(current: LiveStatus, next: LiveStatus): LiveStatus {
  if (TERMINAL.has(current.state)) return current;
  return next.state === current.state && next.reason === current.reason ? current : next;
}

export function LiveCheckout(props: Props) {
  const { token, initial, serverNow, expireAt, locale, labels } = props;
  const [status, apply] = useReducer(reduce, initial);
  // Server time minus phone time. Until the page has run, "now" is the server's own render time.
  const offset = useRef<number | null>(null);
  const [now, setNow] = useState(serverNow);
  const [stream, setStream] = useState<"connecting" | "open" | "polling">("connecting");
  const [hub, setHub] = useState<HubState | "off">(props.hubUrl ? "connecting" : "off");
  // How many times the hub has (re)connected and joined: QA can tell a reconnect from a first connect.
  const [hubJoins, setHubJoins] = useState(0);
  const [online, setOnline] = useState(true);
  const terminal = TERMINAL.has(status.state);

  useEffect(() => {
    // When the page's HTML arrived, by the phone's clock (however wrong that clock is); the server
    // stamped serverNow just before sending it, so the difference is the phone's error.
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    const arrived = Date.now() - (nav ? performance.now() - nav.responseStart : 0);
    offset.current = serverNow - arrived;
    setNow(Date.now() + offset.current);
  }, [serverNow]);

  // The countdown, in server time; at zero the page says expired without waiting for the provider.
  const remaining = expireAt ? Date.parse(expireAt) - now : null;
  useEffect(() => {
    if (terminal || !expireAt) return;
    const tick = setInterval(() => setNow(Date.now() + (offset.current ?? 0)), 1_000);
    return () => clearInterval(tick);
  }, [terminal, expireAt]);
  const shown: LiveStatus = !terminal && remaining !== null && remaining <= 0 && status.state === "pending" ? { ...status, state: "expired" } : status;

  const base = `/checkout/${encodeURIComponent(token)}`;
  const fetchStatus = useCallback(
    async (query = "") => {
      try {
        const res = await fetch(`${base}/status${query}`, { cache: "no-store" });
        if (!res.ok) return;
        const body = (await res.json()) as { status: LiveStatus; serverNow: number };
        offset.current = body.serverNow - Date.now();
        apply(body.status);
      } catch {
        // Offline: the next poll, the stream's own reconnect or the "online" event tries again.
      }
    },
    [base],
  );

  // PayDesk's own status: a server-sent event stream, or polling where that cannot be held.
  useEffect(() => {
    if (terminal) return;
    let source: EventSource | null = null;
    let poll: ReturnType<typeof setInterval> | undefined;
    const startPolling = () => {
      setStream("polling");
      poll ??= setInterval(() => void fetchStatus(), STATUS_POLL_MS);
    };
    if (typeof EventSource === "function") {
      source = new EventSource(`${base}/events`);
      source.addEventListener("status", (event) => {
        const body = JSON.parse((event as MessageEvent<string>).data) as { status: LiveStatus; serverNow: number };
        offset.current = body.serverNow - Date.now();
        apply(body.status);
      });
      source.onopen = () => {
        setStream("open");
        clearInterval(poll);
        poll = undefined;
      };
      // EventSource retries by itself while it can; a closed source (e.g. an HTTP error) means polling.
      source.onerror = () => (source?.readyState === EventSource.CLOSED ? startPolling() : setStream("connecting"));
    } else {
      startPolling();
    }
    const wentOnline = () => {
      setOnline(true);
      void fetchStatus();
    };
    const wentOffline = () => setOnline(false);
    // A phone back from its banking app: whatever happened meanwhile is asked for at once.
    const cameBack = () => document.visibilityState === "visible" && void fetchStatus();
    window.addEventListener("online", wentOnline);
    window.addEventListener("offline", wentOffline);
    document.addEventListener("visibilitychange", cameBack);
    return () => {
      source?.close();
      clearInterval(poll);
      window.removeEventListener("online", wentOnline);
      window.removeEventListener("offline", wentOffline);
      document.removeEventListener("visibilitychange", cameBack);
    };
  }, [terminal, base, fetchStatus]);

  // The provider's hub, after first paint: the code arrives only once the page has loaded.
  useEffect(() => {
    if (terminal || !props.hubUrl) return;
    let connection: { close: () => void; reconnectNow: () => void } | null = null;
    let cancelled = false;
    const start = () =>
      void import("./hub-client").then(({ connectHub }) => {
        if (cancelled) return;
        connection = connectHub({
          url: props.hubUrl!,
          sessionId: props.sessionId,
          onState: (state) => {
            setHub(state);
            if (state === "connected") setHubJoins((n) => n + 1);
          },
          onCompleted: () => {
            apply({ state: "paid", reason: null, changedAt: new Date(Date.now() + (offset.current ?? 0)).toISOString() });
            void fetchStatus("?completed=1");
          },
          onReconnected: () => void fetchStatus(),
        });
      });
    const whenIdle = () => ("requestIdleCallback" in window ? window.requestIdleCallback(start, { timeout: 1_000 }) : setTimeout(start, 200));
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
    const wentOnline = () => connection?.reconnectNow();
    const cameBack = () => document.visibilityState === "visible" && connection?.reconnectNow();
    window.addEventListener("online", wentOnline);
    document.addEventListener("visibilitychange", cameBack);
    return () => {
      cancelled = true;
      connection?.close();
      window.removeEventListener("load", whenIdle);
      window.removeEventListener("online", wentOnline);
      document.removeEventListener("visibilitychange", cameBack);
    };
  }, [terminal, props.hubUrl, props.sessionId, fetchStatus]);

  const live = terminal ? "done" : !online || (stream !== "open" && stream !== "polling" && hub !== "connected") ? "offline" : "live";
  return (
    <div data-testid="checkout-live" data-state={shown.state} data-stream={stream} data-hub={hub} data-hub-joins={hubJoins} className="space-y-5">
      {TERMINAL.has(shown.state) ? <Outcome status={shown} {...props} /> : props.payment}
      {!TERMINAL.has(shown.state) && remaining !== null && <Countdown remaining={remaining} labels={labels} />}
      {!TERMINAL.has(shown.state) && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <span aria-hidden="true" className={`inline-block size-2 rounded-full ${live === "offline" ? "bg-amber-500" : "animate-pulse bg-teal-600"}`} />
          {live === "offline" ? labels.liveOffline : labels.waiting}
        </p>
      )}
      {/* Once settled there is nothing to send a slip for: a paid page is a receipt, not an invitation. */}
      {!TERMINAL.has(shown.state) && props.slip}
      <span hidden data-testid="checkout-locale">{locale}</span>
    </div>
  );
}

function Countdown({ remaining, labels }: { remaining: number; labels: LiveLabels }) {
  const seconds = Math.max(0, Math.ceil(remaining / 1_000));
  const text = `${Math.floor(seconds / 60)} ${labels.minutes} ${String(seconds % 60).padStart(2, "0")} ${labels.seconds}`;
  const hurry = remaining <= HURRY_MS;
  return (
    <div data-testid="countdown" data-hurry={hurry} className={`rounded-lg px-4 py-3 ${hurry ? "bg-amber-100 text-amber-950 ring-2 ring-amber-500" : "bg-slate-100 text-slate-800"}`}>
      <p className="text-sm">{labels.timeLeft}</p>
      {/* Read out only when it matters: a ticking live region would talk every second. */}
      <p className={`font-semibold tabular-nums ${hurry ? "text-2xl" : "text-lg"}`}>
        <time dateTime={`PT${seconds}S`}>{text}</time>
      </p>
      {hurry && (
        <p role="alert" className="mt-1 text-sm font-medium">
          {labels.hurry}
        </p>
      )}
    </div>
  );
}

function Outcome({ status, labels, amountText, reference, locale, initial, initialWhen }: Props & { status: LiveStatus }) {
  const paid = status.state === "paid" || status.state === "approved";
  // The same format as the server's (lib/i18n): a time learnt live reads like one rendered on load.
  const when = status.changedAt === initial.changedAt ? initialWhen : formatDateTime(status.changedAt, locale);
  const title = paid ? labels.paidTitle : status.state === "rejected" ? labels.rejectedTitle : status.state === "expired" ? labels.expiredTitle : labels.canceledTitle;
  return (
    <section role="status" aria-live="polite" data-testid="checkout-outcome" className={`space-y-3 rounded-xl p-5 ${paid ? "bg-teal-50 ring-1 ring-teal-600" : "bg-rose-50 ring-1 ring-rose-600"}`}>
      <h2 className={`text-xl font-bold ${paid ? "text-teal-900" : "text-rose-900"}`}>
        <span aria-hidden="true">{paid ? "✓ " : "✕ "}</span>
        {title}
      </h2>
      <p className="text-slate-800">{paid ? labels.paidBody : status.state === "rejected" ? labels.rejectedBody : labels.expiredBody}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-700">{paid ? labels.amountPaid : labels.amount}</dt>
        <dd className="font-semibold tabular-nums">{amountText}</dd>
        {paid && (
          <>
            <dt className="text-slate-700">{labels.paidAt}</dt>
            <dd>{when}</dd>
          </>
        )}
        <dt className="text-slate-700">{labels.reference}</dt>
        <dd className="break-all font-mono">{reference}</dd>
        {status.state === "rejected" && status.reason && (
          <>
            <dt className="text-slate-700">{labels.reason}</dt>
            <dd>{status.reason}</dd>
          </>
        )}
      </dl>
      {/* Where the QR was, for a request that can no longer be paid: crossed out, with words, never
          scannable. A paid one is a receipt: nothing there reads as an error. */}
      {!paid && (
        <>
          <div aria-hidden="true" className="relative mx-auto grid size-40 place-items-center rounded-lg bg-slate-200 text-slate-500">
            <span className="text-6xl">▦</span>
            <span className="absolute inset-x-0 top-1/2 h-1 -rotate-45 bg-rose-600" />
          </div>
          <p className="text-center font-semibold text-rose-800">{labels.qrVoid}</p>
        </>
      )}
    </section>
  );
}

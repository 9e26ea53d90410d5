/**
 * The hosted checkout's only script (built to public/checkout-assets/checkout.js by
 * scripts/build-checkout-script.ts; loaded `defer`, after the HTML). It runs no framework: the
 * server rendered the whole page and every state it can turn into (components/checkout/live-parts.tsx),
 * and this file enhances that markup. Without it the page still shows the amount, the QR and the
 * bank details, and a reload shows the current status.
 *
 * Status arrives two ways, whichever is first (docs/DESIGN.md §5.2):
 * - PayDesk's own stream (`/checkout/<token>/events`, fed by webhooks and reconciliation), with
 *   polling when the stream cannot be held; EventSource reconnects by itself after a network loss.
 * - the provider's hub, started once the page is idle so it never delays the QR. It only says
 *   "payment.completed" (docs/provider-facts.md §4.10), and only for QR pay-ins: PayDesk is then asked to
 *   check with the provider at once (the hub is anonymous, so its word alone changes nothing there).
 */
import { connectHub } from "../hub-client";
import { formatDateTime } from "@/lib/i18n/date-time";
import { STATUS_POLL_MS } from "@/lib/checkout/polling";
import { countdownParts, isTerminal, outcomeOf, reduceStatus, shownStatus, type LiveStatus, type Outcome } from "@/lib/checkout/live-state";
import { bindCopyButtons, bindSaveQr } from "./buttons";
import { cloneTemplate } from "./templates";

// Started in a task of its own: the script runs when the parser finishes, in the same task as the
// page's DOMContentLoaded, and that task must stay short (docs/DESIGN.md §5.2).
const root = document.querySelector<HTMLElement>('[data-testid="checkout-live"][data-token]');
if (root) setTimeout(() => start(root), 0);

function start(root: HTMLElement): void {
  const data = root.dataset;
  const base = `/checkout/${encodeURIComponent(data.token!)}`;
  const locale = document.querySelector('[data-testid="checkout-locale"]')?.textContent === "en" ? "en" : "th";
  const expireAt = data.expireAt ? Date.parse(data.expireAt) : null;
  let status: LiveStatus = { state: data.state as LiveStatus["state"], reason: null, changedAt: data.changedAt! };
  // Until PayDesk itself says the request is over, an outcome shown is a guess (the hub's
  // "payment.completed", or the countdown at zero): the stream stays, and PayDesk's word replaces it.
  let confirmed = false;
  let settledAs = "";
  // "connecting" until the stream first opens; "reconnecting" once it has failed and is trying again.
  let stream: "connecting" | "open" | "polling" | "reconnecting" = "connecting";
  let hub = data.hub as "off" | "connecting" | "connected" | "reconnecting";
  let online = true;
  const stops: Array<() => void> = [];
  const on = (target: EventTarget, type: string, listener: () => void) => {
    target.addEventListener(type, listener);
    stops.push(() => target.removeEventListener(type, listener));
  };

  // Server time minus phone time. When the HTML arrived, by the phone's clock (however wrong that
  // clock is): the server stamped data-server-now just before sending it.
  const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  let offset = Number(data.serverNow) - (Date.now() - (nav ? performance.now() - nav.responseStart : 0));
  const now = () => Date.now() + offset;

  // QA's view of the live machinery; gone once the page is over, as on a page rendered over.
  // Every write is skipped when it would change nothing: a write alone costs the phone a style and layout pass.
  const setAttr = (name: string, value: string | number) =>
    !settledAs && root.getAttribute(`data-${name}`) !== String(value) && root.setAttribute(`data-${name}`, String(value));
  const setText = (node: Node, text: string) => node.textContent !== text && (node.textContent = text);

  function render(): void {
    const remaining = expireAt === null ? null : expireAt - now();
    const shown = shownStatus(status, remaining);
    const outcome = outcomeOf(shown.state);
    if (outcome) settle(shown, outcome);
    else {
      setAttr("state", shown.state);
      if (remaining !== null) tick(remaining);
      // Lost only once something failed: a page still connecting on a slow network is waiting, as the server rendered it.
      const live = !online || (stream === "reconnecting" && hub !== "connected") ? "offline" : "live";
      const line = root.querySelector<HTMLElement>('[data-testid="live-line"]');
      if (line && line.dataset.shows !== live) {
        line.dataset.shows = live;
        line.replaceChildren(cloneTemplate(`tpl-line-${live}`));
      }
    }
    if (confirmed) {
      document.querySelector("[data-templates]")?.remove();
      for (const stop of stops.splice(0)) stop();
    }
  }

  function tick(remaining: number): void {
    let countdown = root.querySelector<HTMLElement>('[data-testid="countdown"]');
    if (!countdown) return;
    const parts = countdownParts(remaining);
    if (parts.hurry && countdown.dataset.hurry !== "true") {
      const hurried = cloneTemplate("tpl-countdown-hurry").firstElementChild as HTMLElement;
      countdown.replaceWith(hurried);
      countdown = hurried;
    }
    const time = countdown.querySelector("time")!;
    if (time.dateTime !== `PT${parts.seconds}S`) time.dateTime = `PT${parts.seconds}S`;
    setText(countdown.querySelector('[data-slot="minutes"]')!, parts.minutes);
    setText(countdown.querySelector('[data-slot="seconds"]')!, parts.secondsOfMinute);
  }

  /** The page as the server renders a request that is over (components/checkout/checkout-page.tsx). */
  function settle(shown: LiveStatus, outcome: Outcome): void {
    const as = `${outcome} ${shown.changedAt} ${shown.reason}`;
    if (as === settledAs) return;
    const card = cloneTemplate(`tpl-outcome-${outcome}`);
    const when = card.querySelector('[data-slot="when"]');
    if (when) when.textContent = formatDateTime(shown.changedAt, locale);
    const reason = card.querySelector('[data-slot="reason"]');
    if (reason && shown.reason) reason.textContent = shown.reason;
    else for (const slot of card.querySelectorAll('[data-slot^="reason"]')) slot.remove();
    const current = root.querySelector('[data-testid="checkout-outcome"]');
    if (current) current.replaceWith(card);
    else root.prepend(card);
    for (const part of root.querySelectorAll("[data-open-only]")) part.remove();
    for (const name of ["stream", "hub", "hub-joins", "server-now", "expire-at", "hub-url", "session-id", "changed-at", "token"])
      root.removeAttribute(`data-${name}`);
    root.setAttribute("data-state", shown.state);
    settledAs = as;
  }

  function apply(next: LiveStatus, fromPayDesk = true): void {
    status = reduceStatus(status, next, fromPayDesk);
    if (fromPayDesk && isTerminal(status.state) && outcomeOf(next.state) === outcomeOf(status.state)) confirmed = true;
    render();
  }

  async function fetchStatus(query = ""): Promise<void> {
    try {
      const res = await fetch(`${base}/status${query}`, { cache: "no-store" });
      if (!res.ok) return;
      const body = (await res.json()) as { status: LiveStatus; serverNow: number };
      offset = body.serverNow - Date.now();
      apply(body.status);
    } catch {
      // Offline: the next poll, the stream's own reconnect or the "online" event tries again.
    }
  }

  // PayDesk's own status: a server-sent event stream, or polling where that cannot be held.
  let poll: ReturnType<typeof setInterval> | undefined;
  const setStream = (next: typeof stream) => {
    stream = next;
    setAttr("stream", next);
    render();
  };
  const startPolling = () => {
    setStream("polling");
    poll ??= setInterval(() => void fetchStatus(), STATUS_POLL_MS);
  };
  function follow(): void {
    if (typeof EventSource === "function") {
      const source = new EventSource(`${base}/events`);
      source.addEventListener("status", (event) => {
        const body = JSON.parse((event as MessageEvent<string>).data) as { status: LiveStatus; serverNow: number };
        offset = body.serverNow - Date.now();
        apply(body.status);
      });
      source.onopen = () => {
        clearInterval(poll);
        poll = undefined;
        setStream("open");
      };
      // EventSource retries by itself while it can; a closed source (e.g. an HTTP error) means polling.
      source.onerror = () => (source.readyState === EventSource.CLOSED ? startPolling() : setStream("reconnecting"));
      stops.push(() => source.close());
    } else {
      startPolling();
    }
    stops.push(() => clearInterval(poll));
    on(window, "online", () => {
      online = true;
      render();
      void fetchStatus();
    });
    on(window, "offline", () => {
      online = false;
      render();
    });
    // A phone back from its banking app: whatever happened meanwhile is asked for at once.
    on(document, "visibilitychange", () => document.visibilityState === "visible" && void fetchStatus());
  }

  function joinHub(): void {
    if (confirmed || !data.hubUrl) return;
    let joins = 0;
    const connection = connectHub({
      url: data.hubUrl,
      sessionId: data.sessionId!,
      onState: (state) => {
        hub = state;
        if (state === "connected") setAttr("hub-joins", ++joins);
        setAttr("hub", state);
        render();
      },
      onCompleted: () => {
        // Shown at once (the hub is the fastest messenger); PayDesk is asked to check now, and its
        // own word, when it comes, replaces this guess (reduceStatus).
        apply({ state: "paid", reason: null, changedAt: new Date(now()).toISOString() }, false);
        void fetchStatus("?completed=1");
      },
      onReconnected: () => void fetchStatus(),
    });
    stops.push(() => connection.close());
    on(window, "online", () => connection.reconnectNow());
    on(document, "visibilitychange", () => document.visibilityState === "visible" && connection.reconnectNow());
  }

  // The first render keeps the page as the server sent it, in this task; the rest starts in tasks of
  // its own, each short (the first use of a browser API costs the phone its set-up), so no single
  // task after the first paint is long enough to hold up a tap (docs/DESIGN.md §5.2).
  render();
  if (expireAt !== null) {
    // The countdown, in server time; at zero the page says expired without waiting for the provider.
    const ticker = setInterval(render, 1_000);
    stops.push(() => clearInterval(ticker));
  }
  setTimeout(follow, 0);
  setTimeout(() => {
    bindCopyButtons(root);
    bindSaveQr(root);
  }, 0);
  if (data.hubUrl) {
    // The provider's hub, once the page has loaded and is idle.
    const whenIdle = () => ("requestIdleCallback" in window ? requestIdleCallback(joinHub, { timeout: 1_000 }) : setTimeout(joinHub, 200));
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
  }
}

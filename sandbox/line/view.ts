/**
 * The stand-in's pages: the account-link dialog (LINE's "link your account?" screen) and `/line`,
 * what was pushed to whom, as a person would read it in LINE: each message's words and its
 * buttons (the links PayDesk put in them), plus the events sent to PayDesk and its answers.
 */
import type { LineState, LineUser } from "./state";

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const shell = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>` +
  `<style>body{font-family:system-ui,"Noto Sans Thai",sans-serif;margin:1rem auto;max-width:46rem;padding:0 1rem;color:#111}` +
  `.bubble{border:1px solid #ccc;border-radius:1rem;padding:.75rem 1rem;margin:.5rem 0;background:#f4fff6}` +
  `a.button{display:inline-block;background:#06c755;color:#fff;padding:.4rem .8rem;border-radius:.5rem;text-decoration:none;margin-top:.25rem}` +
  `button{background:#06c755;color:#fff;border:0;padding:.6rem 1rem;border-radius:.5rem;font-size:1rem}small{color:#555}</style></head><body>${body}</body></html>`;

export type LinkView =
  | { kind: "ask"; linkToken: string; nonce: string; user: LineUser; users: LineUser[] }
  | { kind: "done"; result: string; answer: number | string }
  | { kind: "refused"; reason: string };

export function linkPage(state: LineState, view: LinkView): string {
  const bot = escape(state.channel.displayName);
  if (view.kind === "refused") return shell("Link account", `<h1>Link account</h1><p role="alert">${escape(view.reason)}</p>`);
  if (view.kind === "done")
    return shell(
      "Link account",
      `<h1>${view.result === "ok" ? "Linked" : "Not linked"}</h1><p>${bot} was told (<small>webhook answered ${escape(String(view.answer))}</small>).</p>`,
    );
  const others = view.users
    .map(
      (user) =>
        `<option value="${escape(user.userId)}"${user.userId === view.user.userId ? " selected" : ""}>${escape(user.displayName)}</option>`,
    )
    .join("");
  return shell(
    "Link account",
    `<h1>Link your LINE account</h1><p>${bot} wants to link your LINE account with your account on its service.</p>` +
      `<form method="post"><input type="hidden" name="linkToken" value="${escape(view.linkToken)}"><input type="hidden" name="nonce" value="${escape(view.nonce)}">` +
      `<p><label>Signed in to LINE as <select name="as">${others}</select></label></p><button type="submit">Link</button></form>`,
  );
}

/** The words and links of a message, as LINE shows them. */
function messageHtml(message: Record<string, unknown>): string {
  if (message.type === "text") return `<p>${escape(String(message.text))}</p>`;
  const texts: string[] = [];
  const buttons: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== "object") return;
    const item = node as Record<string, unknown>;
    if (item.type === "text" && typeof item.text === "string") texts.push(escape(item.text));
    const action = item.action as { type?: string; uri?: string; label?: string } | undefined;
    if (item.type === "button" && action?.type === "uri" && action.uri)
      buttons.push(`<a class="button" href="${escape(action.uri)}">${escape(action.label ?? "Open")}</a>`);
    for (const value of Object.values(item)) if (typeof value === "object") walk(value);
  };
  walk(message.contents);
  return `<p><small>${escape(String(message.altText ?? ""))}</small></p>${texts.map((text) => `<div>${text}</div>`).join("")}${buttons.join(" ")}`;
}

export function pushesPage(state: LineState): string {
  const name = (to: string) => state.users.get(to)?.displayName ?? state.groups.get(to)?.groupName ?? to;
  const pushes = [...state.pushes]
    .reverse()
    .map(
      (push) =>
        `<section class="bubble" data-to="${escape(push.to)}" data-status="${push.status}"><small>${escape(push.at)} → ${escape(name(push.to))} · ${push.status}${push.retryKey ? ` · retry key ${escape(push.retryKey)}` : ""}</small>` +
        (push.messages as Record<string, unknown>[]).map(messageHtml).join("") +
        `</section>`,
    )
    .join("");
  const events = [...state.events]
    .reverse()
    .map(
      (event) =>
        `<li>${escape(event.at)} ${escape(JSON.parse(event.body).events[0].type)}${event.redelivery ? " (redelivery)" : ""} → ${escape(String(event.answer))}</li>`,
    )
    .join("");
  return shell(
    "LINE stand-in",
    `<h1>LINE stand-in: ${escape(state.channel.displayName)}</h1><p><small>webhook: ${escape(state.channel.webhookUrl ?? "not set")}</small></p>` +
      `<form method="post" action="/sandbox/line/follow-new"><label>Be a LINE user named <input name="displayName" value="Staff" required></label> ` +
      `<button type="submit">Add ${escape(state.channel.basicId)} as a friend</button></form>` +
      `<p><small>PayDesk answers a new friend with a link to link their PayDesk account; it appears below.</small></p>` +
      `<h2>Pushed</h2>${pushes || "<p>Nothing yet.</p>"}<h2>Events sent</h2><ul>${events}</ul>`,
  );
}

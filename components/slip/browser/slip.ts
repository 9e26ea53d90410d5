/**
 * The slip page's only script (built to public/checkout-assets/slip.js by
 * scripts/build-checkout-script.ts; loaded `defer`, after the HTML). It runs no framework: the
 * server rendered the whole page and the parts it can turn into (components/slip/slip-page.tsx),
 * and this enhances that markup. Without it the form still posts the slip as it is.
 *
 * One state, and `render` puts the page in line with it, whatever the page's DOM is: so switching
 * the language can swap the server's markup in the other language under it and lose nothing the
 * customer picked or typed (a picked photo cannot be put back into a file input after a reload).
 * The slip's QR reader (jsQR) is fetched once a slip has been picked.
 */
import { cleanReferenceHalf } from "@/lib/slips/image";
import { cloneTemplate } from "@/components/checkout/browser/templates";
import { slipFailureFor, type SlipFailure, type SlipWords } from "../failure";
import type { SlipFormLabels } from "../messages";
import { prepareSlip } from "../prepare-slip";
import { describe, setText, show } from "./dom";

/** Built beside this script (components/slip/read-slip-qr.ts), fetched on the first pick. */
const QR_MODULE = "/checkout-assets/slip-qr.js";

type Phase = "form" | "checking" | "duplicates" | "uploading" | "done" | "failed";

const state = {
  phase: "form" as Phase,
  slip: null as { blob: Blob; url: string } | null,
  fileError: null as SlipWords | null,
  reading: false,
  first4: "",
  last4: "",
  fromQr: false,
  refError: false,
  note: "",
  duplicates: 0,
  progress: 0,
  failure: null as SlipFailure | null,
  languageFailed: false,
  switching: false,
};

let words = {} as SlipFormLabels;
/** The pick being prepared (decoded, scaled): an upload asked for meanwhile waits for it instead of finding no slip. */
let preparing: Promise<void> | null = null;
let form: HTMLFormElement | null = null;
/** The outcome section shown now, and for which phase: re-cloned only when the phase changes. */
let shownOutcome: Phase | null = null;

// Started in a task of its own: the script runs when the parser finishes, in the same task as the
// page's DOMContentLoaded, and that task must stay short (docs/DESIGN.md §5.2).
if (document.querySelector("[data-slip-form]")) setTimeout(mount, 0);

/** Binds to the page's markup as it is now (first, and after a language switch replaced it). */
function mount(): void {
  form = document.querySelector<HTMLFormElement>("[data-slip-form]");
  if (!form) return;
  words = JSON.parse(document.querySelector<HTMLElement>("[data-words]")!.dataset.words!) as SlipFormLabels;
  shownOutcome = null;
  const base = form.dataset.slipForm!;
  for (const input of form.querySelectorAll<HTMLInputElement>('input[type="file"]')) {
    const take = () => {
      const file = input.files?.[0];
      // The same file can be picked again (after a failed upload, say): a change needs a new value.
      input.value = "";
      if (file) preparing = pick(file).finally(() => (preparing = null));
    };
    input.addEventListener("change", take);
    // Picked before this script ran (a slow network): taken now.
    take();
  }
  for (const name of ["first4", "last4"] as const)
    field(name).addEventListener("input", () => {
      state[name] = cleanReferenceHalf(field(name).value);
      state.refError = false;
      render();
    });
  field("note").addEventListener("input", () => void (state.note = field("note").value));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void submit(base);
  });
  document.querySelector('[data-slot="outcome"]')!.addEventListener("click", (event) => {
    const action = (event.target as Element).closest<HTMLElement>("[data-action]")?.dataset.action;
    if (action === "retry" || action === "cancel") setPhase("form");
    if (action === "upload-anyway") void upload(base, state.duplicates);
  });
  const switcher = document.querySelector<HTMLElement>("[data-language-in-place]");
  for (const link of switcher?.querySelectorAll("a") ?? [])
    link.addEventListener("click", (event) => {
      // A new tab or window is an ordinary link.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      void switchLanguage(link.href, base);
    });
  render();
}

const field = (id: "first4" | "last4" | "note") => document.getElementById(id) as HTMLInputElement;
const fill = (template: string, n: number) => template.replace("{n}", String(n));

async function pick(file: File): Promise<void> {
  state.fileError = null;
  // A bad pick keeps the slip chosen before it: nothing the customer did is lost.
  const prepared = await prepareSlip(file);
  if (!prepared.ok) {
    state.fileError = prepared.problem === "not_image" ? "notImage" : prepared.problem === "too_large" ? "tooLarge" : "corrupt";
    return render();
  }
  if (state.slip) URL.revokeObjectURL(state.slip.url);
  state.slip = { blob: prepared.blob, url: URL.createObjectURL(prepared.blob) };
  state.reading = true;
  render();
  try {
    // A path in a variable: the bundler leaves the import to the browser, which fetches it with this script's nonce.
    const path = QR_MODULE;
    const { readSlipReference } = (await import(path)) as typeof import("../read-slip-qr");
    const halves = readSlipReference(prepared.canvas);
    if (halves) Object.assign(state, { first4: halves.first4, last4: halves.last4, fromQr: true, refError: false });
  } catch {
    // No readable QR: the customer types the reference, or leaves it out.
  } finally {
    state.reading = false;
    render();
  }
}

async function submit(base: string): Promise<void> {
  if (preparing) await preparing;
  if (!state.slip) {
    state.fileError = "noImage";
    return render();
  }
  const { first4, last4 } = state;
  if (first4.length + last4.length > 0 && (first4.length !== 4 || last4.length !== 4)) {
    state.refError = true;
    return render();
  }
  if (first4.length === 4) {
    setPhase("checking");
    const count = await countDuplicates(base);
    if (count > 0) {
      state.duplicates = count;
      return setPhase("duplicates");
    }
  }
  await upload(base, 0);
}

async function countDuplicates(base: string): Promise<number> {
  try {
    const res = await fetch(`${base}/duplicates?${new URLSearchParams({ first4: state.first4, last4: state.last4 })}`, {
      cache: "no-store",
    });
    return res.ok ? ((await res.json()) as { count: number }).count : 0;
  } catch {
    return 0; // a failed check does not stop the upload (the provider records duplicates anyway, docs/provider-facts.md §4.6)
  }
}

function upload(base: string, duplicatesSeen: number): Promise<void> {
  return new Promise((resolve) => {
    if (!state.slip) return resolve();
    state.progress = 0;
    setPhase("uploading");
    const body = new FormData();
    body.append("image", state.slip.blob, "slip.jpg");
    body.append("first4", state.first4);
    body.append("last4", state.last4);
    body.append("note", state.note);
    body.append("duplicatesSeen", String(duplicatesSeen));
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${base}/upload`);
    xhr.upload.onprogress = (e) => {
      if (!e.lengthComputable) return;
      state.progress = Math.round((e.loaded / e.total) * 100);
      render();
    };
    xhr.onload = () => {
      let answer: { problem?: string; mayHaveArrived?: boolean } = {};
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        // an HTML error page from a proxy: judged by its status
      }
      if (xhr.status === 200) setPhase("done");
      else setPhase("failed", slipFailureFor(xhr.status, answer));
      resolve();
    };
    xhr.onerror = () => {
      setPhase("failed", { message: "network", canRetry: true });
      resolve();
    };
    xhr.send(body);
  });
}

function setPhase(phase: Phase, failure: SlipFailure | null = null): void {
  Object.assign(state, { phase, failure });
  render();
}

/**
 * The language route is asked for its cookie without following its redirect, then the page is
 * read again in the new language and its markup put in place of this one's; `mount` binds to it
 * and `render` puts back what the customer picked and typed. If either cannot be had, the page
 * stays as it was and says so.
 */
async function switchLanguage(href: string, base: string): Promise<void> {
  state.languageFailed = false;
  state.switching = true;
  render();
  const answer = await fetch(href, { redirect: "manual", cache: "no-store" }).catch(() => null);
  const html =
    answer?.type === "opaqueredirect"
      ? await fetch(base, { cache: "no-store" }).then(
          (r) => (r.ok ? r.text() : null),
          () => null,
        )
      : null;
  const next = html ? new DOMParser().parseFromString(html, "text/html") : null;
  state.switching = false;
  if (!next?.querySelector("[data-slip-form]")) {
    state.languageFailed = true;
    return render();
  }
  for (const script of next.body.querySelectorAll("script")) script.remove();
  document.documentElement.lang = next.documentElement.lang;
  document.title = next.title;
  document.body.replaceChildren(...next.body.childNodes);
  mount();
}

/** The page as the state says: each part added, filled or removed only when it would change. */
function render(): void {
  if (!form) return;
  const { phase, slip } = state;
  const busy = phase === "checking" || phase === "uploading";
  const outcome = phase === "done" || phase === "failed" || phase === "duplicates" ? phase : null;

  const outcomeSlot = document.querySelector<HTMLElement>('[data-slot="outcome"]')!;
  if (shownOutcome !== outcome) {
    shownOutcome = outcome;
    outcomeSlot.replaceChildren(outcome ? cloneTemplate(`tpl-slip-${outcome}`) : "");
    const message = outcomeSlot.querySelector('[data-slot="message"]');
    if (message && outcome === "failed") message.textContent = words[state.failure!.message];
    if (message && outcome === "duplicates") message.textContent = fill(words.dupBody, state.duplicates);
    if (outcome === "failed" && !state.failure!.canRetry) outcomeSlot.querySelector('[data-action="retry"]')?.remove();
    // Outcome screens take the focus, so screen readers announce them.
    outcomeSlot.querySelector<HTMLElement>("h2")?.focus();
  }
  form.hidden = outcome !== null;

  // The picker: the picked slip in its box, and the buttons say "again".
  const box = form.querySelector<HTMLElement>('[data-slot="picker"]')!;
  let preview = box.querySelector<HTMLImageElement>("img");
  if (slip && !preview) {
    box.querySelector('[data-slot="no-slip"]')?.remove();
    preview = cloneTemplate("tpl-slip-preview").firstElementChild as HTMLImageElement;
    box.prepend(preview);
  }
  if (preview && slip && preview.getAttribute("src") !== slip.url) preview.src = slip.url;
  setText(form.querySelector('[data-slot="camera"]'), slip ? words.cameraAgain : words.camera);
  setText(form.querySelector('[data-slot="gallery"]'), slip ? words.galleryAgain : words.gallery);
  show(form, "image-error", state.fileError !== null, state.fileError ? words[state.fileError] : undefined);
  for (const input of form.querySelectorAll<HTMLInputElement>('input[type="file"]')) {
    input.disabled = busy;
    describe(input, "slip-image-hint", state.fileError ? "slip-image-error" : null);
  }
  show(form, "reading", state.reading);

  for (const name of ["first4", "last4"] as const) {
    const input = field(name);
    if (input.value !== state[name]) input.value = state[name];
    describe(input, "ref-hint", state.refError ? "ref-error" : null);
  }
  show(form, "ref-from-qr", state.fromQr);
  show(form, "ref-error", state.refError);
  const note = field("note");
  if (note.value !== state.note) note.value = state.note;

  show(form, "progress", phase === "uploading");
  const progress = form.querySelector("progress");
  if (progress) progress.value = state.progress;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  button.disabled = busy;
  setText(button, phase === "checking" ? words.checking : phase === "uploading" ? fill(words.uploading, state.progress) : words.upload);

  const switcher = document.querySelector<HTMLElement>("[data-language-in-place]");
  if (switcher) {
    const nav = switcher.querySelector("nav");
    if (state.switching) nav?.setAttribute("aria-busy", "true");
    else nav?.removeAttribute("aria-busy");
    const failed = switcher.querySelector('[data-testid="language-failed"]');
    if (state.languageFailed && !failed) switcher.append(cloneTemplate("tpl-language-failed"));
    if (!state.languageFailed) failed?.remove();
  }
}

import { cloneTemplate } from "@/components/checkout/browser/templates";

/** The slip page script's small DOM writes (browser/slip.ts): each only when it would change something. */

/** The part cloned from `tpl-<slot>` into its place while `on`, with `text` when given; gone otherwise. */
export function show(root: Element, slot: string, on: boolean, text?: string): void {
  const place = root.querySelector(`[data-slot="${slot}"]`)!;
  if (!on) return place.replaceChildren();
  if (!place.firstElementChild) place.replaceChildren(cloneTemplate(`tpl-${slot}`));
  if (text !== undefined) setText(place.firstElementChild, text);
}

export function setText(node: Element | null, text: string): void {
  if (node && node.textContent !== text) node.textContent = text;
}

/** A field's description, and whether it is marked wrong, as its error stands. */
export function describe(input: HTMLInputElement, hint: string, error: string | null): void {
  const describedBy = error ? `${hint} ${error}` : hint;
  if (input.getAttribute("aria-describedby") !== describedBy) input.setAttribute("aria-describedby", describedBy);
  if (error) input.setAttribute("aria-invalid", "true");
  else input.removeAttribute("aria-invalid");
}

/** A copy of one of the page's <template> elements (components/checkout/live-parts.tsx, LiveTemplates). */
export function cloneTemplate(id: string): DocumentFragment {
  const template = document.getElementById(id);
  if (!(template instanceof HTMLTemplateElement)) throw new Error(`the page has no template ${id}`);
  return template.content.cloneNode(true) as DocumentFragment;
}

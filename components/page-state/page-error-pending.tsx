/**
 * A failed page while its words load (the language, or the customer's lazily loaded view): an
 * empty, busy main landmark, so the document is never without its one main (axe's
 * landmark-one-main). No imports: the customer's pages carry it up front.
 */
export function PageErrorPending() {
  return <main aria-busy="true" style={{ minHeight: "50vh" }} />;
}

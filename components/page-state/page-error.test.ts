import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CustomerPageError } from "@/components/ui/customer-page-error";
import { PageError } from "./page-error";

const words = () => ({ errorTitle: "Failed", errorBody: "Sorry", reference: (r: string) => r, retry: "Retry" });
const mains = (html: string) => html.match(/<main\b/g)?.length ?? 0;

// CI stop 42: axe found no main landmark on a failed customer page whose words were still loading.
describe("a failed page before its words are there", () => {
  it("the staff's error page has its one main landmark while the language is not yet known", () => {
    const html = renderToStaticMarkup(createElement(PageError, { error: new Error("x"), retry: () => {}, words }));
    expect(mains(html)).toBe(1);
    expect(html).toContain('aria-busy="true"');
  });

  it("the customer's error page has its one main landmark while its view loads", () => {
    const html = renderToStaticMarkup(createElement(CustomerPageError, { error: new Error("x"), retry: () => {} }));
    expect(mains(html)).toBe(1);
    expect(html).toContain('aria-busy="true"');
  });
});

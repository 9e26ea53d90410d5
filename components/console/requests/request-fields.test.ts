import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ProviderAnswer } from "./request-fields";

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replaceAll("&#x27;", "'");

describe("the provider's answer, when there is none", () => {
  it("says a request held for approval was never sent, not that the provider is silent", () => {
    const en = text(
      renderToStaticMarkup(ProviderAnswer({ answer: null, refusedAtSubmit: false, state: "awaiting_approval", locale: "en" })),
    );
    expect(en).toContain("Not sent to the provider yet: it waits for a second person's approval.");
    expect(en).not.toContain("has not answered");
    const th = text(
      renderToStaticMarkup(ProviderAnswer({ answer: null, refusedAtSubmit: false, state: "awaiting_approval", locale: "th" })),
    );
    expect(th).toContain("ยังไม่ได้ส่งให้ผู้ให้บริการ");
  });

  it("says the provider has not answered when the request was sent", () => {
    const en = text(renderToStaticMarkup(ProviderAnswer({ answer: null, refusedAtSubmit: false, state: "submitting", locale: "en" })));
    expect(en).toContain("The provider has not answered yet.");
  });
});

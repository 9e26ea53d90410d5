import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { STATES } from "@/lib/requests/lifecycle";
import { StatusBadge } from "./status-badge";

describe("the status badge", () => {
  it.each(STATES)("draws %s's icon as SVG, with no symbol character that a font may lack", (state) => {
    const html = renderToStaticMarkup(StatusBadge({ state, locale: "en" }));
    expect(html).toMatch(/<svg[^>]*aria-hidden="true"/);
    expect(html.replace(/<[^>]+>/g, "")).toMatch(/^[\p{L} ]+$/u);
  });
});

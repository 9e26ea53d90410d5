import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/lib/i18n";
import { groupLabels, stateLabels } from "@/lib/requests/state-labels";
import { listMessages } from "../requests/list-messages";
import { RateLine } from "./rate-line";
import { overviewMessages } from "./overview-messages";

describe("the overview speaks the list's words for states", () => {
  for (const locale of LOCALES) {
    it(`in ${locale}: what ended unpaid is the list's 'rejected, expired or canceled', and what is open is 'open'`, () => {
      const t = overviewMessages(locale);
      const groups = groupLabels(locale);
      const states = stateLabels(locale);
      const list = listMessages(locale);
      // The figure counts the list's "failed" group, which a click on it opens: the same words.
      expect(t.failedOut(2, "฿10.00")).toContain(groups.failed);
      expect(list.groupFailed).toBe(groups.failed);
      expect(groups.failed.toLowerCase()).toContain(states.canceled.toLowerCase().replace(/แล้ว$/, ""));
      expect(t.openOut(1, "฿5.00")).toContain(groups.open);
      expect(list.groupOpen.startsWith(groups.open)).toBe(true);
      expect(t.successRateHint).toContain(states.expired.toLowerCase());
    });
  }
});

describe("the success-rate chart", () => {
  const render = (values: Array<number | null>) =>
    renderToStaticMarkup(
      createElement(RateLine, {
        title: "Success rate",
        summary: "",
        tableTitle: "The numbers",
        whenHeader: "When",
        valueHeader: "Rate",
        points: values.map((value, i) => ({ label: String(i + 1), name: `Day ${i + 1}`, value })),
        format: (v) => `${Math.round(v * 100)} %`,
        testId: "success-chart",
      }),
    );

  it("is one line through every period with a rate, across periods without one", () => {
    const html = render([0.5, null, 0.8, null, 1]);
    expect(html.match(/<polyline/g)).toHaveLength(1);
    expect(html.match(/<circle/g)).toHaveLength(3);
  });

  it("is a dot, not a line, with a single rate", () => {
    const html = render([null, 0.5, null]);
    expect(html).not.toContain("<polyline");
    expect(html.match(/<circle/g)).toHaveLength(1);
  });

  it("writes its periods and its scale outside the scaled chart, at 12 px, placed without style attributes (the CSP refuses them)", () => {
    const html = render([0.5, 0.6]);
    const chart = /<svg viewBox="[^"]*"[^>]*data-testid="success-chart"[^>]*>([\s\S]*?)<\/svg>/.exec(html)![1]!;
    expect(chart).not.toContain("<text");
    const labels = html.match(/<text[^>]*>/g)!;
    expect(labels).toHaveLength(2 + 3);
    for (const label of labels) expect(label).toMatch(/data-axis-label="" .*font-size="12"/);
    expect(html).not.toContain("style=");
  });
});

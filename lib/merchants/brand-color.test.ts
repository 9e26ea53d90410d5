import { describe, expect, it } from "vitest";
import { brandColorProblem, contrastWithWhite, logoPath, normalBrandColor } from "./brand-color";

describe("a merchant's colour", () => {
  it("is written #rrggbb, whatever case or leading # it was typed with", () => {
    expect(normalBrandColor(" #0F766E ")).toBe("#0f766e");
    expect(normalBrandColor("0f766e")).toBe("#0f766e");
    for (const bad of ["", "#fff", "teal", "#0f766e;}body{display:none", "#12345g", "rgb(0,0,0)"]) expect(normalBrandColor(bad)).toBeNull();
  });

  it("has its contrast with white as WCAG 2 counts it", () => {
    expect(contrastWithWhite("#ffffff")).toBeCloseTo(1, 5);
    expect(contrastWithWhite("#000000")).toBeCloseTo(21, 5);
    // The lightest grey that passes AA on white, and the next one, which does not.
    expect(contrastWithWhite("#767676")).toBeCloseTo(4.54, 2);
    expect(contrastWithWhite("#777777")).toBeCloseTo(4.48, 2);
  });

  it("must reach 4.5 : 1, or it is refused as too light; anything not a colour is refused as such", () => {
    expect(brandColorProblem("#767676")).toBeNull();
    expect(brandColorProblem("#0f766e")).toBeNull();
    expect(brandColorProblem("#777777")).toBe("too_light");
    expect(brandColorProblem("#ffd700")).toBe("too_light");
    expect(brandColorProblem("#0f766e; color: red")).toBe("not_a_colour");
  });

  it("has a logo address that changes with the logo", () => {
    expect(logoPath("mer 1", "abc")).toBe("/brand/mer%201/logo?v=abc");
  });
});

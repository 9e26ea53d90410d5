import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { makeZodJitless } from "./zod-jitless";

describe("zod without its new Function probe", () => {
  afterEach(() => {
    z.config({ jitless: false });
  });

  it("is what z.config() reports once the global is set, so zod never evaluates code", () => {
    z.config({ jitless: false });
    makeZodJitless();
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: "x" })).toEqual({ a: "x" });
  });
});

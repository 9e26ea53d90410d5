import net from "node:net";
import { describe, expect, it } from "vitest";

describe("the unit project's guard (lib/testing/unit-setup.ts)", () => {
  it("refuses a server socket, saying which name the file needs", () => {
    const server = net.createServer();
    try {
      expect(() => server.listen(0, "127.0.0.1")).toThrow(
        /uses a server socket, which the unit project does not provide: rename it to \*\.contract\.test\.ts/,
      );
      expect(server.listening).toBe(false);
    } finally {
      server.close();
    }
  });

  it("is put in once, however often the set-up runs in the same thread", async () => {
    const guarded = net.Server.prototype.listen;
    // The set-up file evaluated again, as it is before each file sharing this thread.
    const again: string = "./unit-setup?again";
    await import(again);
    expect(net.Server.prototype.listen).toBe(guarded);
  });
});

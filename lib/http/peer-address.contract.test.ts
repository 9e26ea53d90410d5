import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEER_HEADER, stampPeerAddress } from "./peer-address";

/** Asks a real HTTP server from `localAddress` and answers with the headers it saw. */
function ask(port: number, localAddress: string, headers: Record<string, string>): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, localAddress, headers }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => {
        resolve(JSON.parse(body) as Record<string, string>);
      });
    });
    request.on("error", reject);
    request.end();
  });
}

describe("the peer address stamp", () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    // Listening before the stamp is installed, as `next start` does.
    server = http.createServer((request, response) => response.end(JSON.stringify(request.headers)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    stampPeerAddress();
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("gives every request the address that really connected, whatever the client sent under that name", async () => {
    expect((await ask(port, "127.0.0.1", {}))[PEER_HEADER]).toBe("127.0.0.1");
    const forged = await ask(port, "127.0.0.2", { [PEER_HEADER]: "203.0.113.66", "x-forwarded-for": "198.51.100.1" });
    expect(forged[PEER_HEADER]).toBe("127.0.0.2");
    expect(forged["x-forwarded-for"]).toBe("198.51.100.1");
  });
});

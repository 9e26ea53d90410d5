/**
 * A throw-away receiver for the sandbox's webhooks that only keeps the provider's job bodies, so a
 * test can feed them to PayDesk itself: in order, twice, shuffled or tampered.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { TestSandbox } from "../../../sandbox/testing/harness";
import type { SeededMerchant } from "../../../sandbox/seed";

/** A provider webhook job as the sandbox sends it. */
export interface Job {
  Id: string;
  Type: string;
  Parameters: { Name: string; Value: string | null }[];
}

export interface JobCatcher {
  url: string;
  /** Every job body received, in order of arrival. */
  received: Job[];
  /** Points the sandbox's webhooks for `merchant` here. */
  catchFor(sb: TestSandbox, merchant: SeededMerchant): Promise<void>;
  close(): void;
}

export async function startJobCatcher(): Promise<JobCatcher> {
  const received: Job[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      received.push(JSON.parse(body) as Job);
      // Connection: close — a kept-alive socket the server closes after its idle timeout, just as
      // the sandbox sends the next webhook on it, fails that delivery ("other side closed").
      res.writeHead(200, { "Content-Type": "application/json", Connection: "close" }).end('{"status":"ok"}');
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    url,
    received,
    async catchFor(sb, merchant) {
      await sb.control("PUT", `/merchants/${merchant.merchantId}/webhook`, { url, headers: {} });
    },
    close: () => server.close(),
  };
}

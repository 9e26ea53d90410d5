/**
 * Set-up for the `unit` project: a unit test opens no server. Starting one (a sandbox, a webhook
 * receiver, an SMTP inbox, a hand-rolled http.createServer) fails at once with the name the file
 * needs, instead of running without the set-up and isolation the other projects give it.
 */
import net from "node:net";
import { requireProject } from "./vitest-project";

// Unit files share their threads (vitest.config.ts), and a set-up file runs again before each file:
// the guard is put in once per thread.
const GUARDED = Symbol.for("paydesk.unitListenGuard");
const proto = net.Server.prototype as typeof net.Server.prototype & { [GUARDED]?: true };
if (!proto[GUARDED]) {
  const listen = proto.listen;
  proto.listen = function guardedListen(this: net.Server, ...args: unknown[]) {
    requireProject("a server socket", ["contract", "storage"]);
    return (listen as (...a: unknown[]) => net.Server).apply(this, args);
  } as typeof net.Server.prototype.listen;
  proto[GUARDED] = true;
}

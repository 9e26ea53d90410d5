/**
 * Next's request scope, for running PayDesk's real server actions outside Next (benchmarks).
 *
 * Inside Next, `headers()` and `cookies()` from "next/headers" read the incoming request from
 * Next's own async storage; outside a request they throw. A benchmark that resolves "next/headers"
 * to this module (installNextRequestScope) and runs each call inside `inRequestScope(headers, …)` gives
 * the action — and next-auth's `auth()`, which reads the same module — the request it would have
 * had: the session cookie, the client address, the browser's language. Nothing else is replaced:
 * the session is decoded from the cookie, the database and the provider are real.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { register } from "node:module";

const scope = new AsyncLocalStorage<Headers>();

/**
 * Resolves every later import of "next/headers" to this module, and "next/navigation" to its
 * server build, as Next's bundler does for server code (the client build needs React's client
 * APIs, which the react-server condition leaves out). Call before importing app code.
 */
export function installNextRequestScope(): void {
  const self = import.meta.url;
  register(
    `data:text/javascript,${encodeURIComponent(`
      export async function resolve(s, c, next) {
        if (s === "next/headers") return { url: ${JSON.stringify(self)}, shortCircuit: true };
        if (s === "next/navigation") return next("next/dist/client/components/navigation.react-server.js", c);
        return next(s, c);
      }`)}`,
  );
}

export function inRequestScope<T>(requestHeaders: Headers, run: () => Promise<T>): Promise<T> {
  return scope.run(requestHeaders, run);
}

function current(): Headers {
  const found = scope.getStore();
  if (!found) throw new Error("headers() or cookies() was called outside inRequestScope()");
  return found;
}

export async function headers(): Promise<Headers> {
  return current();
}

interface Cookie {
  name: string;
  value: string;
}

/** The request's cookies, read-only: an action that sets one would need Next's response, which a benchmark has not got. */
export async function cookies() {
  const jar = new Map<string, Cookie>();
  for (const part of (current().get("cookie") ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    jar.set(name, { name, value: decodeURIComponent(part.slice(at + 1).trim()) });
  }
  return {
    get: (name: string) => jar.get(name),
    getAll: () => [...jar.values()],
    has: (name: string) => jar.has(name),
    set: () => {
      throw new Error("cookies().set() is not available outside Next");
    },
    delete: () => {
      throw new Error("cookies().delete() is not available outside Next");
    },
  };
}

import { config } from "zod/v4/core";

/**
 * Runs in the browser before the app. Zod probes `new Function` the first time it parses an
 * object, to compile a faster parser; under PayDesk's Content-Security-Policy (no 'unsafe-eval',
 * lib/http/security-headers.ts) the browser refuses it and reports a violation although zod
 * catches the error. Jitless, zod never probes. Browser only: the server keeps its compiled parsers.
 */
config({ jitless: true });

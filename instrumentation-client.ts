import { makeZodJitless } from "./lib/http/zod-jitless";

// Runs in the browser before the app: see lib/http/zod-jitless.ts. The server keeps zod's compiled parsers.
makeZodJitless();

import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./", import.meta.url)),
      "server-only": fileURLToPath(new URL("./lib/testing/server-only-stub.ts", import.meta.url)),
      "next/font/local": fileURLToPath(new URL("./lib/testing/next-font-local-stub.ts", import.meta.url)),
    },
  },
  test: {
    include: [
      "lib/**/*.test.ts",
      "sandbox/**/*.test.ts",
      "components/**/*.test.ts",
      "app/**/*.test.ts",
      "scripts/**/*.test.ts",
      "bench/**/*.test.ts",
    ],
    exclude: ["node_modules", ".next", "e2e"],
    testTimeout: 20_000,
    // Vitest's default is one worker per CPU but one; on a 2-CPU machine that is a single worker, and
    // much of this suite waits on sockets, timers and child processes rather than computing.
    maxWorkers: 2,
    hookTimeout: 60_000,
    globalSetup: ["./lib/db/testing/global-setup.ts"],
  },
});

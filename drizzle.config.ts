import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate` writes SQL migrations from lib/db/schema/; PGlite and Postgres
// apply the same files at start (lib/db/client.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/db/schema/index.ts",
  out: "./lib/db/migrations",
});

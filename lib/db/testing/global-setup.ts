/**
 * Vitest global setup: a migrated PGlite template folder (a fresh PGlite costs 4–6 s, a copy
 * ~0.4 s) and a real PostgreSQL server with a migrated template database, so storage tests run
 * against both (PayDesk runs on either). Without Debian's postgresql the Postgres half skips, saying why; `npm test`
 * installs it (or stops) before Vitest starts, so there it always runs.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../client";
import { findPostgresBin, startPostgres, type PostgresServer } from "./postgres-server";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplateDir: string;
    postgresBaseUrl: string | null;
    postgresUnavailableReason: string | null;
  }
}

export const TEMPLATE_DATABASE = "paydesk_template";

export default async function setup(project: TestProject) {
  const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-pglite-template-"));
  const template = await openDatabase({ dir: templateDir });
  await template.close();
  project.provide("pgliteTemplateDir", templateDir);

  let server: PostgresServer | null = null;
  const bin = findPostgresBin();
  if (bin) {
    server = await startPostgres(bin);
    const admin = new pg.Client({ connectionString: server.url("postgres") });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await admin.end();
    const migrated = await openDatabase({ url: server.url(TEMPLATE_DATABASE), poolSize: 1 });
    await migrated.close();
    project.provide("postgresBaseUrl", server.url("postgres"));
    project.provide("postgresUnavailableReason", null);
  } else {
    project.provide("postgresBaseUrl", null);
    project.provide("postgresUnavailableReason", "Debian's postgresql is not installed (npm test installs it)");
  }

  return async () => {
    server?.stop();
    fs.rmSync(templateDir, { recursive: true, force: true });
  };
}

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

interface Templates {
  templateDir: string;
  postgresBaseUrl: string | null;
  postgresUnavailableReason: string | null;
  stop(): Promise<void>;
}

// The storage files run as two projects (vitest.config.ts: those that share a process and those that
// need their own), and Vitest runs a project's global set-up once per project: both are given the
// same templates and the same PostgreSQL server, made once and stopped after the last one is done.
const shared = globalThis as typeof globalThis & { __paydeskTestTemplates?: { ready: Promise<Templates>; users: number } };

export default async function setup(project: TestProject) {
  shared.__paydeskTestTemplates ??= { ready: makeTemplates(), users: 0 };
  const holder = shared.__paydeskTestTemplates;
  holder.users += 1;
  const templates = await holder.ready;
  project.provide("pgliteTemplateDir", templates.templateDir);
  project.provide("postgresBaseUrl", templates.postgresBaseUrl);
  project.provide("postgresUnavailableReason", templates.postgresUnavailableReason);
  return async () => {
    holder.users -= 1;
    if (holder.users > 0) return;
    shared.__paydeskTestTemplates = undefined;
    await templates.stop();
  };
}

async function makeTemplates(): Promise<Templates> {
  const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-pglite-template-"));
  const template = await openDatabase({ dir: templateDir });
  await template.close();

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
  }
  return {
    templateDir,
    postgresBaseUrl: server ? server.url("postgres") : null,
    postgresUnavailableReason: server ? null : "Debian's postgresql is not installed (npm test installs it)",
    async stop() {
      server?.stop();
      fs.rmSync(templateDir, { recursive: true, force: true });
    },
  };
}

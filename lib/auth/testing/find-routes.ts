/**
 * The checker behind lib/auth/routes-registry.db.test.ts: finds every route handler module
 * (route.ts) under the given app folder, works out the URL path it serves, and reports every HTTP
 * method it exports that the right door did not build: the staff door (lib/auth/route.ts) for a
 * path that needs a session, the webhook door for /api/webhooks/…, the API door (lib/merchant-api/http/route.ts)
 * for the merchant API under /api/v1, the public door for the other
 * public paths (lib/http/public-route.ts, lib/http/public-paths.ts). A route that cannot use a
 * door is named in `exceptions` with the reason, so a bypass is a decision someone wrote down.
 *
 * A Pages API route (pages/api/…, lib/http/pages-bridge.ts) is checked the same way: its default
 * export must be the bridge for its own path, and the handler registered for that path at start-up
 * (`pagesRoutes`, lib/http/pages-routes.ts) built by the right door for each method it takes.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { doorOf, type DoorKind } from "../../http/door";
import { pagesRoutePathOf } from "../../http/pages-bridge";
import { publicPathKind } from "../../http/public-paths";

const ROUTE_FILE = /^route\.(ts|js|mjs)$/;
export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export interface StaffRoute {
  file: string;
  /** The URL path, with each [segment] left as written. */
  urlPath: string;
  handlers: Record<string, unknown>;
}

export interface RouteScan {
  staffRoutes: StaffRoute[];
  /** URL paths of the public routes: built by the public or the webhook door, or excepted. */
  publicRoutes: string[];
  /** URL paths of the routes left out because `exceptions` names them. */
  excepted: string[];
  problems: string[];
}

function routeFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : routeFiles(full);
    return ROUTE_FILE.test(entry.name) ? [full] : [];
  });
}

/** app/(console)/x/[id]/route.ts → /x/[id]: route groups and private folders leave no trace in the URL. */
export function urlPathOf(appDir: string, file: string): string {
  const segments = path
    .relative(appDir, path.dirname(file))
    .split(path.sep)
    .filter((s) => s && !/^\(.*\)$/.test(s));
  return `/${segments.join("/")}`;
}

const DOOR_FILES: Record<DoorKind, string> = {
  staff: "defineRoute (lib/auth/route.ts)",
  public: "definePublicRoute (lib/http/public-route.ts)",
  webhook: "defineWebhookRoute (lib/http/public-route.ts)",
  api: "defineApiRoute (lib/merchant-api/http/route.ts)",
};

/** The door a route at `urlPath` must come through. */
export function doorFor(urlPath: string): DoorKind {
  const kind = publicPathKind(urlPath);
  if (kind === null) return "staff";
  return kind === "webhook" ? "webhook" : kind === "api" ? "api" : "public";
}

/** pages/api/webhooks/payment.ts → /api/webhooks/payment (an index file is its folder). */
export function pagesUrlPathOf(pagesDir: string, file: string): string {
  const relative = path
    .relative(pagesDir, file)
    .replace(/\.(ts|js|mjs)$/, "")
    .split(path.sep);
  if (relative.at(-1) === "index") relative.pop();
  return `/${relative.join("/")}`;
}

function pagesApiFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pagesApiFiles(full);
    return /\.(ts|js|mjs)$/.test(entry.name) && !/\.test\./.test(entry.name) ? [full] : [];
  });
}

export interface PagesRouteEntry {
  handler: unknown;
  methods: readonly string[];
}

export async function scanRouteHandlers(
  appDir: string,
  options: {
    exceptions?: Record<string, string>;
    importModule?: (file: string) => Promise<Record<string, unknown>>;
    /** The Pages Router's folder (its api/ is scanned) and what start-up registers for its routes. */
    pages?: { dir: string; routes: Record<string, PagesRouteEntry> };
  } = {},
): Promise<RouteScan> {
  const { exceptions = {}, importModule = (f: string) => import(pathToFileURL(f).href) } = options;
  const scan: RouteScan = { staffRoutes: [], publicRoutes: [], excepted: [], problems: [] };
  if (options.pages) await scanPagesRoutes(options.pages, importModule, scan);
  for (const file of routeFiles(appDir).sort()) {
    const urlPath = urlPathOf(appDir, file);
    const door = doorFor(urlPath);
    if (urlPath in exceptions) {
      scan.excepted.push(urlPath);
      if (door !== "staff") scan.publicRoutes.push(urlPath);
      continue;
    }
    const exports = await importModule(file);
    const handlers = Object.fromEntries(Object.entries(exports).filter(([name]) => (HTTP_METHODS as readonly string[]).includes(name)));
    if (Object.keys(handlers).length === 0) scan.problems.push(`${file}: exports no HTTP method`);
    for (const [name, handler] of Object.entries(handlers)) {
      if (doorOf(handler) !== door) scan.problems.push(`${file}: ${name} is not built by ${DOOR_FILES[door]}`);
    }
    if (door === "staff") scan.staffRoutes.push({ file, urlPath, handlers });
    else scan.publicRoutes.push(urlPath);
  }
  return scan;
}

async function scanPagesRoutes(
  pages: { dir: string; routes: Record<string, PagesRouteEntry> },
  importModule: (file: string) => Promise<Record<string, unknown>>,
  scan: RouteScan,
): Promise<void> {
  const seen = new Set<string>();
  for (const file of pagesApiFiles(path.join(pages.dir, "api")).sort()) {
    const urlPath = pagesUrlPathOf(pages.dir, file);
    seen.add(urlPath);
    const door = doorFor(urlPath);
    const served = pagesRoutePathOf((await importModule(file)).default);
    if (served !== urlPath) {
      scan.problems.push(`${file}: its default export is not pagesRouteHandler("${urlPath}") (lib/http/pages-bridge.ts)`);
      continue;
    }
    const registered = pages.routes[urlPath];
    if (!registered) {
      scan.problems.push(`${file}: no door is registered for ${urlPath} at start-up (lib/http/pages-routes.ts)`);
      continue;
    }
    for (const method of registered.methods) {
      if (doorOf(registered.handler) !== door) scan.problems.push(`${file}: ${method} is not built by ${DOOR_FILES[door]}`);
    }
    if (door === "staff") scan.problems.push(`${file}: a staff route as a Pages API route has no session door; make it a route.ts`);
    else scan.publicRoutes.push(urlPath);
  }
  for (const urlPath of Object.keys(pages.routes)) {
    if (!seen.has(urlPath)) scan.problems.push(`${urlPath}: registered at start-up but no pages/api file serves it`);
  }
}

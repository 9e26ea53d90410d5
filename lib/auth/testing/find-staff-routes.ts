/**
 * The checker behind lib/auth/routes-registry.test.ts: finds every route handler module
 * (route.ts) under the given app folder, works out the URL path it serves, and reports every HTTP
 * method a staff route exports that defineRoute did not build. Public routes (sign-in, webhooks,
 * the customer's pages: lib/auth/public-paths.ts) have no staff session and are left out.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { isPublicPath } from "../public-paths";
import { isDefinedRoute } from "../route";

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
  publicRoutes: string[];
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
  const segments = path.relative(appDir, path.dirname(file)).split(path.sep).filter((s) => s && !/^\(.*\)$/.test(s));
  return `/${segments.join("/")}`;
}

export async function scanRouteHandlers(appDir: string, importModule: (file: string) => Promise<Record<string, unknown>> = (f) => import(pathToFileURL(f).href)): Promise<RouteScan> {
  const scan: RouteScan = { staffRoutes: [], publicRoutes: [], problems: [] };
  for (const file of routeFiles(appDir).sort()) {
    const urlPath = urlPathOf(appDir, file);
    if (isPublicPath(urlPath)) {
      scan.publicRoutes.push(urlPath);
      continue;
    }
    const exports = await importModule(file);
    const handlers = Object.fromEntries(Object.entries(exports).filter(([name]) => (HTTP_METHODS as readonly string[]).includes(name)));
    if (Object.keys(handlers).length === 0) scan.problems.push(`${file}: exports no HTTP method`);
    for (const [name, handler] of Object.entries(handlers)) {
      if (!isDefinedRoute(handler)) scan.problems.push(`${file}: ${name} is not built by defineRoute (lib/auth/route.ts)`);
    }
    scan.staffRoutes.push({ file, urlPath, handlers });
  }
  return scan;
}

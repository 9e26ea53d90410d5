import type { AuditOutcome } from "../auth/audit";

/** The outcomes the /audit page filters by, in the order its select offers them (a plain module: the filter form imports it). */
export const AUDIT_OUTCOMES = [
  "ok",
  "failed",
  "denied",
  "not_found",
  "locked",
  "disabled",
  "error",
] as const satisfies readonly AuditOutcome[];

/**
 * PayDesk's tables (docs/DESIGN.md §4), one file per domain; this index is what code imports. Postgres dialect; the embedded PGlite and a real Postgres run
 * the same migrations. Money is numeric(14,2) here and satang integers in code (lib/money.ts).
 * Ids are prefixed where people read them (`req_…`, `mer_…`, `usr_…`).
 */
export * from "./staff";
export * from "./limits";
export * from "./merchants";
export * from "./wallet";
export * from "./requests";
export * from "./slips";
export * from "./provider";
export * from "./audit";
export * from "./merchant-api";
export * from "./outbound-webhooks";
export * from "./overview";
export * from "./bulk";
export * from "./notify";
export * from "./line";

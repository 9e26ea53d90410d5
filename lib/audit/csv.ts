/**
 * The audit log as CSV, with the request export's conventions (lib/requests/csv.ts): UTF-8 with a
 * BOM, RFC 4180 quoting, CRLF, text that could start a formula neutralised, Bangkok wall time.
 * The action is given as its code and in English words (a spreadsheet's filter wants the code; a
 * reader wants the words); the extra facts as the JSON they are stored as.
 */
import { bangkokTimestamp, csvText, type CsvColumn } from "../requests/csv";
import { auditActionWords } from "./actions";
import type { AuditRow } from "./queries";

export const AUDIT_CSV_COLUMNS: CsvColumn<AuditRow>[] = [
  { header: "id", cell: (r) => String(r.id) },
  { header: "at_bangkok", cell: (r) => bangkokTimestamp(r.at) },
  { header: "actor_id", cell: (r) => csvText(r.actorId) },
  { header: "actor_name", cell: (r) => csvText(r.actorName) },
  { header: "actor_email", cell: (r) => csvText(r.actorEmail) },
  { header: "action", cell: (r) => csvText(r.action) },
  { header: "action_words", cell: (r) => csvText(auditActionWords(r.action, "en")) },
  { header: "outcome", cell: (r) => csvText(r.outcome) },
  { header: "merchant_id", cell: (r) => csvText(r.merchantId) },
  { header: "merchant", cell: (r) => csvText(r.merchantName) },
  { header: "target", cell: (r) => csvText(r.target) },
  { header: "target_name", cell: (r) => csvText(r.targetName) },
  { header: "ip", cell: (r) => csvText(r.ip) },
  { header: "details", cell: (r) => csvText(r.data === null || r.data === undefined ? null : JSON.stringify(r.data)) },
];

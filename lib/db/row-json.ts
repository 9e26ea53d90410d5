import { getTableColumns, type Table } from "drizzle-orm";

/**
 * A row Postgres gave as JSON (`to_jsonb(t)`: snake_case keys, times as ISO text, numerics as JSON
 * numbers) as drizzle would have given it from a select: the table's own column names, Dates for
 * timestamps, numerics as text with their scale ("150.00"). Lets one statement answer a row it
 * wrote (the outbox's copy, an update's result) without reading it again.
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T["$inferSelect"] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    if (value === undefined || value === null) {
      row[key] = value === undefined ? undefined : null;
      continue;
    }
    if (column.columnType === "PgTimestamp" || column.columnType === "PgTimestampString") row[key] = new Date(String(value));
    else if (column.columnType === "PgNumeric") {
      const scale = (column as unknown as { scale?: number }).scale;
      row[key] = typeof value === "number" && scale !== undefined ? value.toFixed(scale) : String(value);
    } else row[key] = value;
  }
  return row as T["$inferSelect"];
}

/** Column helpers every domain's tables share. */
import { customType, numeric, timestamp } from "drizzle-orm/pg-core";

export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
/** Raw bytes: `pg` reads them as a Buffer and PGlite as a Uint8Array; code sees a Uint8Array either way. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

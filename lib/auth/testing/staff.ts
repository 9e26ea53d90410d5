import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client";
import { staffUsers, type Role } from "../../db/schema";
import { hashPassword } from "../password";

/** A staff user for tests; the password is "password for <email>" unless given. */
export async function insertStaff(
  db: Db,
  user: { email?: string; role?: Role; password?: string; isDisabled?: boolean; merchantIds?: string[] | null } = {},
) {
  const id = `usr_${randomBytes(6).toString("hex")}`;
  const email = user.email ?? `${id}@shop.example`;
  const password = user.password ?? `password for ${email}`;
  await db.insert(staffUsers).values({
    id,
    email,
    name: `Test ${user.role ?? "viewer"}`,
    passwordHash: await hashPassword(password),
    role: user.role ?? "viewer",
    merchantIds: user.merchantIds ?? null,
    isDisabled: user.isDisabled ?? false,
  });
  return { id, email, password };
}

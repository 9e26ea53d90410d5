import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { staffUsers, type Role } from "../db/schema";

/** What the staff pages show of a person: never the password hash. */
export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** null = every merchant. */
  merchantIds: string[] | null;
  isDisabled: boolean;
  mustChangePassword: boolean;
  lastSignInAt: Date | null;
  createdAt: Date;
}

const columns = {
  id: staffUsers.id,
  email: staffUsers.email,
  name: staffUsers.name,
  role: staffUsers.role,
  merchantIds: staffUsers.merchantIds,
  isDisabled: staffUsers.isDisabled,
  mustChangePassword: staffUsers.mustChangePassword,
  lastSignInAt: staffUsers.lastSignInAt,
  createdAt: staffUsers.createdAt,
};

/** Everyone, active people first, then by name. */
export async function listStaff(db: Db): Promise<StaffMember[]> {
  return db.select(columns).from(staffUsers).orderBy(asc(staffUsers.isDisabled), asc(sql`lower(${staffUsers.name})`), asc(staffUsers.email));
}

export async function getStaffMember(db: Db, id: string): Promise<StaffMember | undefined> {
  const [row] = await db.select(columns).from(staffUsers).where(eq(staffUsers.id, id)).limit(1);
  return row;
}

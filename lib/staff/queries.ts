import "server-only";
import { and, arrayOverlaps, asc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { hasSecondFactorSql } from "../auth/second-factor-sql";
import type { Db } from "../db/client";
import { staffUsers, type Role } from "../db/schema";

/** What the staff pages show of a person: never the password hash. */
export interface StaffMember {
  id: string;
  /** null: withheld from an admin limited to some merchants (see staffVisibleTo). */
  email: string | null;
  name: string;
  role: Role;
  /** null = every merchant. */
  merchantIds: string[] | null;
  isDisabled: boolean;
  mustChangePassword: boolean;
  /** Whether they sign in with a second factor too (an authenticator app or a passkey). */
  hasSecondFactor: boolean;
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
  hasSecondFactor: hasSecondFactorSql,
  lastSignInAt: staffUsers.lastSignInAt,
  createdAt: staffUsers.createdAt,
};

/** Who is looking: their merchant scope (null = every merchant). */
export interface StaffViewer {
  merchantIds: string[] | null;
}

/**
 * Whom a viewer may see (docs/STYLE.md habit 2, in the query): an unlimited viewer sees everyone; one
 * limited to some merchants sees only the people who share at least one of them, which includes
 * the unlimited staff (they reach every merchant). Another shop's staff are simply not there.
 */
export function staffVisibleTo(viewer: StaffViewer): SQL | undefined {
  if (viewer.merchantIds === null) return undefined;
  // Limited to no merchant at all: only the unlimited staff reach "their" merchants.
  if (viewer.merchantIds.length === 0) return isNull(staffUsers.merchantIds);
  return or(isNull(staffUsers.merchantIds), arrayOverlaps(staffUsers.merchantIds, viewer.merchantIds));
}

/**
 * And what of them: to a limited viewer, a person's other merchants are cut to the viewer's own
 * (their names are not the viewer's business), and an unlimited person's e-mail is withheld: it
 * is the address an attacker would phish to reach every merchant, and a limited admin cannot
 * manage those accounts anyway (lib/staff/manage.ts).
 */
function asSeenBy(viewer: StaffViewer, person: StaffMember): StaffMember {
  if (viewer.merchantIds === null) return person;
  if (person.merchantIds === null) return { ...person, email: null };
  const own = new Set(viewer.merchantIds);
  return { ...person, merchantIds: person.merchantIds.filter((id) => own.has(id)) };
}

/** Everyone the viewer may see, active people first, then by name. */
export async function listStaff(db: Db, viewer: StaffViewer): Promise<StaffMember[]> {
  const rows = await db
    .select(columns)
    .from(staffUsers)
    .where(staffVisibleTo(viewer))
    .orderBy(asc(staffUsers.isDisabled), asc(sql`lower(${staffUsers.name})`), asc(staffUsers.email));
  return rows.map((person) => asSeenBy(viewer, person));
}

/** One person, or undefined when they do not exist or the viewer may not see them. */
export async function getStaffMember(db: Db, viewer: StaffViewer, id: string): Promise<StaffMember | undefined> {
  const [row] = await db
    .select(columns)
    .from(staffUsers)
    .where(and(eq(staffUsers.id, id), staffVisibleTo(viewer)))
    .limit(1);
  return row && asSeenBy(viewer, row);
}

import { describe, expect, it } from "vitest";
import { ROLES } from "../db/schema";
import { can, canAny, isRole, PERMISSION_LABELS, permissionLabels, PERMISSIONS, permissionsOf, type Permission } from "./permissions";

// The whole matrix, written out by hand so a change to the grants has to change this table too.
//                                viewer operator finance admin
const MATRIX: Record<Permission, [boolean, boolean, boolean, boolean]> = {
  "request.read": /*       */ [true, true, true, true],
  "webhook.read": /*       */ [true, true, true, true],
  "payin.create": /*       */ [false, true, true, true],
  "p2p.create": /*         */ [false, true, true, true],
  "slip.review": /*        */ [false, true, true, true],
  "payout.create": /*      */ [false, false, true, true],
  "withdrawal.create": /*  */ [false, false, true, true],
  "payout.approve": /*     */ [false, false, true, true],
  "audit.read": /*         */ [false, false, true, true],
  "statement.read": /*     */ [false, false, true, true],
  "merchant.manage": /*    */ [false, false, false, true],
  "staff.manage": /*       */ [false, false, false, true],
};

describe("permissions", () => {
  it("the matrix covers every permission and every role", () => {
    expect(Object.keys(MATRIX).sort()).toEqual([...PERMISSIONS].sort());
    expect(ROLES).toEqual(["viewer", "operator", "finance", "admin"]);
  });

  for (const permission of PERMISSIONS) {
    ROLES.forEach((role, column) => {
      const expected = MATRIX[permission][column];
      it(`${role} ${expected ? "can" : "cannot"} ${permission}`, () => {
        expect(can(role, permission)).toBe(expected);
      });
    });
  }

  it("each role holds everything the role before it holds", () => {
    for (let i = 1; i < ROLES.length; i++) {
      const lower = permissionsOf(ROLES[i - 1]!);
      const higher = permissionsOf(ROLES[i]!);
      expect(higher).toEqual(expect.arrayContaining(lower));
      expect(higher.length).toBeGreaterThan(lower.length);
    }
  });

  it("an unknown, empty or forged role holds nothing", () => {
    for (const role of ["", "root", "Admin", "superadmin", null, undefined, "__proto__", "toString"]) {
      expect(isRole(role)).toBe(false);
      for (const permission of PERMISSIONS) expect(can(role, permission)).toBe(false);
    }
  });

  it("canAny is true when one of the permissions is held", () => {
    expect(canAny("viewer", ["payin.create", "payout.create"])).toBe(false);
    expect(canAny("operator", ["payin.create", "payout.create"])).toBe(true);
    expect(canAny("admin", [])).toBe(false);
  });

  it("every permission has a label a person can read", () => {
    for (const permission of PERMISSIONS) expect(PERMISSION_LABELS[permission]).toMatch(/^[a-z]/);
  });

  it("and one in Thai, distinct for each permission", () => {
    const thai = PERMISSIONS.map((permission) => permissionLabels("th")[permission]);
    for (const label of thai) expect(label).toMatch(/^[\u0E00-\u0E7F]/);
    expect(new Set(thai).size).toBe(PERMISSIONS.length);
  });
});

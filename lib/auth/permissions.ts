/**
 * Roles and permissions as data (docs/STYLE.md, dub's rbac): every server action and page names one
 * permission, and `can(role, permission)` is the only question asked. The UI uses the same answer
 * to hide what a role cannot do; the server checks regardless.
 *
 * Each role holds everything the role before it holds:
 *   viewer   reads requests and webhook deliveries;
 *   operator + creates Pay-In and Pay-In P2P (money in) and decides whether a slip matches its request;
 *   finance  + creates Pay-Out and Withdrawal, approves pay-outs, reads the audit log and the wallet
 *              statement (money out);
 *   admin    + manages merchants, their API keys and staff.
 */
import { ROLES, type Role } from "../db/schema";
import { defineMessages } from "../i18n";

export const PERMISSIONS = [
  "request.read",
  "webhook.read",
  "payin.create",
  "p2p.create",
  "slip.review",
  "payout.create",
  "withdrawal.create",
  "payout.approve",
  "audit.read",
  "statement.read",
  "merchant.manage",
  "staff.manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const viewer: readonly Permission[] = ["request.read", "webhook.read"];
const operator: readonly Permission[] = [...viewer, "payin.create", "p2p.create", "slip.review"];
const finance: readonly Permission[] = [
  ...operator,
  "payout.create",
  "withdrawal.create",
  "payout.approve",
  "audit.read",
  "statement.read",
];
const admin: readonly Permission[] = [...finance, "merchant.manage", "staff.manage"];

const GRANTS: Record<Role, ReadonlySet<Permission>> = {
  viewer: new Set(viewer),
  operator: new Set(operator),
  finance: new Set(finance),
  admin: new Set(admin),
};

/** What each permission lets a person do, worded to finish "You do not have permission to …". */
export const PERMISSION_LABELS: Record<Permission, string> = {
  "request.read": "see payment requests",
  "webhook.read": "see webhook deliveries",
  "payin.create": "create Pay-In requests",
  "p2p.create": "create Pay-In P2P requests",
  "slip.review": "decide whether a slip matches its request",
  "payout.create": "create Pay-Out requests",
  "withdrawal.create": "create Withdrawal requests",
  "payout.approve": "approve Pay-Outs",
  "audit.read": "read the audit log",
  "statement.read": "see the wallet statement and what does not reconcile",
  "merchant.manage": "manage merchants and their API keys",
  "staff.manage": "manage staff accounts",
};

/** The same, in both languages: the Thai finishes "คุณไม่มีสิทธิ์…". */
export const permissionLabels = defineMessages<Record<Permission, string>>({
  en: PERMISSION_LABELS,
  th: {
    "request.read": "ดูคำขอชำระเงิน",
    "webhook.read": "ดูรายการเว็บฮุกที่ได้รับ",
    "payin.create": "สร้างคำขอรับชำระ (Pay-In)",
    "p2p.create": "สร้างคำขอรับชำระแบบ P2P (Pay-In P2P)",
    "slip.review": "ตัดสินว่าสลิปตรงกับคำขอหรือไม่",
    "payout.create": "สร้างคำขอโอนจ่าย (Pay-Out)",
    "withdrawal.create": "สร้างคำขอถอนเงิน (Withdrawal)",
    "payout.approve": "อนุมัติการโอนจ่าย (Pay-Out)",
    "audit.read": "ดูบันทึกการใช้งาน",
    "statement.read": "ดูรายการเดินบัญชีกระเป๋าเงินและรายการที่กระทบยอดไม่ตรง",
    "merchant.manage": "จัดการร้านค้าและ API key ของร้านค้า",
    "staff.manage": "จัดการบัญชีพนักงาน",
  },
});

export const ROLE_LABELS: Record<Role, string> = { viewer: "Viewer", operator: "Operator", finance: "Finance", admin: "Admin" };

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** Whether a role holds a permission. An unknown role (a stale or forged value) holds nothing. */
export function can(role: string | null | undefined, permission: Permission): boolean {
  return isRole(role) && GRANTS[role].has(permission);
}

/** Whether a role holds at least one of the permissions (a page that serves several operations). */
export function canAny(role: string | null | undefined, permissions: readonly Permission[]): boolean {
  return permissions.some((permission) => can(role, permission));
}

export function permissionsOf(role: Role): Permission[] {
  return PERMISSIONS.filter((permission) => GRANTS[role].has(permission));
}

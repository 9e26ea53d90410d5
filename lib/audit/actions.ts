import type { Locale } from "../i18n/locale";
import type { ENDPOINTS } from "../merchant-api/endpoints";

/**
 * The registry of audit actions: every name the code may write to `audit_log.action`, each with its
 * words in English and Thai. The writers only accept these names (lib/auth/audit.ts `recordAudit`,
 * lib/auth/action.ts `audit`, lib/auth/route.ts `audit`), so a new action without words here fails
 * the type check, and lib/audit/action-words.test.ts scans the code for any name written another
 * way. To add an action: one line here, in both languages. A plain module: the page and the CSV
 * export both read it.
 */
export const AUDIT_ACTIONS = {
  // Signing in and out
  "auth.sign-in": { en: "Sign-in", th: "เข้าสู่ระบบ" },
  "auth.second-factor": { en: "Sign-in: second step (code or passkey)", th: "เข้าสู่ระบบ: ขั้นที่สอง (รหัสหรือพาสคีย์)" },
  "auth.step-up": { en: "Confirm identity again (second factor)", th: "ยืนยันตัวตนอีกครั้ง (ปัจจัยที่สอง)" },
  "auth.sign-out": { en: "Sign-out", th: "ออกจากระบบ" },
  // A person's own account
  "account.totp-begin": { en: "Start setting up an authenticator app", th: "เริ่มตั้งค่าแอปยืนยันตัวตน" },
  "account.totp-enrol": { en: "Turn on an authenticator app", th: "เปิดใช้แอปยืนยันตัวตน" },
  "account.totp-remove": { en: "Remove the authenticator app", th: "นำแอปยืนยันตัวตนออก" },
  "account.recovery-codes": { en: "New recovery codes", th: "สร้างรหัสกู้คืนชุดใหม่" },
  "account.passkey-add": { en: "Add a passkey", th: "เพิ่มพาสคีย์" },
  "account.passkey-remove": { en: "Remove a passkey", th: "นำพาสคีย์ออก" },
  "account.end-session": { en: "Sign out one of own sessions", th: "ออกจากระบบเซสชันหนึ่งของตนเอง" },
  "account.end-other-sessions": { en: "Sign out all own other sessions", th: "ออกจากระบบเซสชันอื่นทั้งหมดของตนเอง" },
  "staff.password-change": { en: "Change own password", th: "เปลี่ยนรหัสผ่านของตนเอง" },
  "staff.notification-choices": { en: "Choose own e-mails", th: "เลือกอีเมลที่ต้องการรับ" },
  "account.line-link": { en: "Link own LINE account", th: "เชื่อมบัญชี LINE ของตนเอง" },
  "account.line-unlink": { en: "Unlink own LINE account", th: "ยกเลิกการเชื่อมบัญชี LINE ของตนเอง" },
  "account.line-choices": { en: "Choose own LINE messages", th: "เลือกข้อความ LINE ที่ต้องการรับ" },
  // People
  "staff.invite": { en: "Invite a person", th: "เชิญพนักงาน" },
  "staff.change-access": { en: "Change role or merchants", th: "เปลี่ยนบทบาทหรือร้านค้า" },
  "staff.disable": { en: "Disable an account", th: "ระงับบัญชี" },
  "staff.enable": { en: "Enable an account", th: "เปิดใช้บัญชี" },
  "staff.reset-password": { en: "New one-time password", th: "สร้างรหัสผ่านชั่วคราวใหม่" },
  "staff.reset-second-factor": { en: "Reset a person's second factor", th: "รีเซ็ตปัจจัยที่สองของพนักงาน" },
  "staff.end-sessions": { en: "Sign a person out everywhere", th: "ออกจากระบบทุกเซสชันของพนักงาน" },
  "security.second-factor-policy": { en: "Change who must use a second factor", th: "เปลี่ยนผู้ที่ต้องใช้ปัจจัยที่สอง" },
  // Merchants, API keys and webhooks
  "line.connect": { en: "Connect the LINE Official Account", th: "เชื่อมต่อ LINE Official Account" },
  "line.disconnect": { en: "Disconnect the LINE Official Account", th: "ยกเลิกการเชื่อมต่อ LINE Official Account" },
  "line.merchant": {
    en: "Set a merchant's LINE large Pay-In amount and daily summary time",
    th: "ตั้งยอดชำระเงินสูงและเวลาสรุปประจำวันทาง LINE ของร้านค้า",
  },
  "line.group": { en: "Choose a LINE group's merchant and messages", th: "เลือกร้านค้าและข้อความของกลุ่ม LINE" },
  "merchant.create": { en: "Add a merchant", th: "เพิ่มร้านค้า" },
  "merchant.rotate-keys": { en: "Replace API keys", th: "เปลี่ยน API key" },
  "merchant.webhook-secret": { en: "New webhook secret", th: "สร้างรหัสลับเว็บฮุกใหม่" },
  "merchant.update-settings": { en: "Change merchant name or limits", th: "เปลี่ยนชื่อหรือวงเงินของร้านค้า" },
  "merchant.branding": { en: "Change a merchant's colour or logo", th: "เปลี่ยนสีหรือโลโก้ของร้านค้า" },
  "merchant.unconfirmed-webhooks-on": { en: "Apply unconfirmed webhooks: ON", th: "บันทึกเว็บฮุกที่ยืนยันไม่ได้: เปิด" },
  "merchant.unconfirmed-webhooks-off": { en: "Apply unconfirmed webhooks: off", th: "บันทึกเว็บฮุกที่ยืนยันไม่ได้: ปิด" },
  "merchant.return-origins": { en: "Change allowed return addresses", th: "เปลี่ยนที่อยู่ที่อนุญาตให้กลับไป" },
  "api-key.create": { en: "Create a merchant API key", th: "สร้าง API key ของร้านค้า" },
  "api-key.revoke": { en: "Revoke a merchant API key", th: "เพิกถอน API key ของร้านค้า" },
  "webhook-endpoint.create": { en: "Add a webhook endpoint", th: "เพิ่มปลายทางเว็บฮุก" },
  "webhook-endpoint.update": { en: "Change a webhook endpoint", th: "แก้ไขปลายทางเว็บฮุก" },
  "webhook-endpoint.rotate-secret": { en: "New signing secret for a webhook endpoint", th: "สร้างรหัสลับสำหรับลงนามของปลายทางเว็บฮุกใหม่" },
  "webhook-endpoint.test": { en: "Send a test webhook", th: "ส่งเว็บฮุกทดสอบ" },
  "webhook-endpoint.delete": { en: "Delete a webhook endpoint", th: "ลบปลายทางเว็บฮุก" },
  "webhook-delivery.resend": { en: "Resend a webhook", th: "ส่งเว็บฮุกซ้ำ" },
  "webhook-delivery.resend-failed": { en: "Resend all failed webhooks", th: "ส่งเว็บฮุกที่ล้มเหลวทั้งหมดซ้ำ" },
  // Money
  "payin.create": { en: "Create a Pay-In", th: "สร้างคำขอ Pay-In" },
  "p2p.create": { en: "Create a P2P Pay-In", th: "สร้างคำขอ Pay-In แบบ P2P" },
  "payout.create": { en: "Create a Pay-Out", th: "สร้างคำขอ Pay-Out" },
  "withdrawal.create": { en: "Create a Withdrawal", th: "สร้างคำขอถอนเงิน" },
  "payout.approve": { en: "Approve a Pay-Out", th: "อนุมัติ Pay-Out" },
  "payout.decline": { en: "Decline a Pay-Out", th: "ปฏิเสธ Pay-Out" },
  "payout.bulk-upload": { en: "Check a bulk Pay-Out file", th: "ตรวจไฟล์โอนจ่ายหลายรายการ" },
  "payout.bulk-confirm": { en: "Confirm a bulk Pay-Out file", th: "ยืนยันไฟล์โอนจ่ายหลายรายการ" },
  "payout.bulk-duplicates-acknowledged": {
    en: "Confirm a bulk Pay-Out file's repeated lines",
    th: "ยืนยันรายการซ้ำในไฟล์โอนจ่ายหลายรายการ",
  },
  "payout.bulk-cancel": { en: "Discard a bulk Pay-Out file", th: "ทิ้งไฟล์โอนจ่ายหลายรายการ" },
  "payout.bulk-export": { en: "Export a bulk Pay-Out file's results (CSV)", th: "ส่งออกผลไฟล์โอนจ่ายหลายรายการ (CSV)" },
  "slip.decide": { en: "Decide whether a slip matches its request", th: "ตัดสินว่าสลิปตรงกับคำขอหรือไม่" },
  "request.recheck": { en: "Check a request with the provider", th: "ตรวจสอบคำขอกับผู้ให้บริการ" },
  "statement.run": { en: "Read and reconcile a day of the wallet", th: "อ่านและกระทบยอดกระเป๋าเงินหนึ่งวัน" },
  "statement.export": { en: "Download a wallet statement (CSV)", th: "ดาวน์โหลดรายการเดินบัญชีกระเป๋าเงิน (CSV)" },
  "request.sandbox-control": { en: "Sandbox control", th: "ควบคุมแซนด์บ็อกซ์" },
  "requests.export": { en: "Export requests (CSV)", th: "ส่งออกคำขอ (CSV)" },
  "audit.export": { en: "Export the audit log (CSV)", th: "ส่งออกบันทึกการใช้งาน (CSV)" },
  // The merchant API (the actor is the API key): `api.<operationId>` of every endpoint that writes
  "api.createCheckout": { en: "API: create a checkout", th: "API: สร้างหน้าชำระเงิน" },
  "api.createPayout": { en: "API: create a Pay-Out", th: "API: สร้างคำขอ Pay-Out" },
  "api.createRefund": { en: "API: create a refund", th: "API: สร้างคำขอคืนเงิน" },
  "api.createWithdrawal": { en: "API: create a Withdrawal", th: "API: สร้างคำขอถอนเงิน" },
} as const satisfies Record<string, { en: string; th: string }>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, value);
}

/** An action's words in the reader's language; a name from before the registry (an old row) shows as written. */
export function auditActionWords(action: string, locale: Locale): string {
  return isAuditAction(action) ? AUDIT_ACTIONS[action][locale] : action;
}

/** The merchant API audits a write as `api.<operationId>` (lib/merchant-api/http/route.ts): every writing endpoint must be registered. */
type WriteOperation = Extract<(typeof ENDPOINTS)[keyof typeof ENDPOINTS], { method: "POST" }>["operationId"];
type Registered<T extends AuditAction> = T;
/** Fails the type check when a writing endpoint's `api.<operationId>` has no words above. */
export type ApiAuditAction = Registered<`api.${WriteOperation}`>;
/** The audit name of a merchant-API write (its endpoint is one of ENDPOINTS, checked above). */
export const apiAuditAction = (operationId: string) => `api.${operationId}` as ApiAuditAction;

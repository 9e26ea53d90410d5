import { defineMessages } from "@/lib/i18n";

export const actionMessages = defineMessages({
  en: {
    notFound: "This request was not found. It may belong to a merchant you cannot see; go back to the list.",
    notSandbox: "Sandbox controls only work when PayDesk runs against its sandbox, not a real provider.",
    notAllowed: "That sandbox control does not apply to this request now; reload the page to see its current state.",
    unreachable: (detail: string) =>
      `The sandbox did not answer (${detail}). Check that it is running (npm start starts it), then try again.`,
    refused: (detail: string) => `The sandbox refused: ${detail}`,
    noMatch: "The sandbox matched this transfer to no single pending request, so nothing changed. Try Approve instead.",
    reservedBy: (amount: string, count: number) =>
      `${amount} of this Pay-Out is held by ${count === 1 ? "a pending P2P Pay-In" : `${count} pending P2P Pay-Ins`}: approve or reject ${count === 1 ? "it" : "them"} first, then pay out the rest.`,
    reservation: (refId1: string, amount: string) => `P2P Pay-In ${refId1} (${amount})`,
    reservationElsewhere: (amount: string) => `a P2P Pay-In of a merchant you cannot see (${amount})`,
  },
  th: {
    notFound: "ไม่พบคำขอนี้ อาจเป็นของร้านค้าที่คุณไม่มีสิทธิ์ดู กลับไปที่รายการ",
    notSandbox: "ปุ่มควบคุม sandbox ใช้ได้เฉพาะเมื่อ PayDesk ทำงานกับ sandbox เท่านั้น ไม่ใช่ผู้ให้บริการจริง",
    notAllowed: "คำสั่ง sandbox นี้ใช้กับคำขอนี้ไม่ได้ในตอนนี้ โหลดหน้าใหม่เพื่อดูสถานะล่าสุด",
    unreachable: (detail: string) => `sandbox ไม่ตอบสนอง (${detail}) ตรวจสอบว่า sandbox ทำงานอยู่ (npm start จะเปิดให้) แล้วลองอีกครั้ง`,
    refused: (detail: string) => `sandbox ปฏิเสธ: ${detail}`,
    noMatch: "sandbox จับคู่การโอนนี้กับคำขอที่รออยู่ไม่ได้ จึงไม่มีอะไรเปลี่ยน ลองใช้ปุ่มอนุมัติแทน",
    reservedBy: (amount: string, count: number) =>
      `${amount} ของการจ่ายเงินนี้ถูกกันไว้ให้รายการรับเงิน P2P ที่รออยู่ ${count} รายการ: อนุมัติหรือปฏิเสธรายการเหล่านั้นก่อน แล้วจึงจ่ายส่วนที่เหลือ`,
    reservation: (refId1: string, amount: string) => `รับเงิน P2P ${refId1} (${amount})`,
    reservationElsewhere: (amount: string) => `รับเงิน P2P ของร้านค้าที่คุณไม่มีสิทธิ์ดู (${amount})`,
  },
});

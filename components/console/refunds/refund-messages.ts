import { defineMessages } from "@/lib/i18n";

/** The words of a Pay-In's refunds (its panel, the refund page) and of a refund's link back. */
export const refundMessages = defineMessages({
  en: {
    title: "Refunds",
    paid: "Paid",
    refunded: "Refunded",
    left: "Left to refund",
    refundedHint: "refunds being sent or waiting for approval count until they end",
    none: "No refunds yet.",
    refund: "Refund",
    refundAll: "Refund the customer",
    nothingLeft: "Everything the customer paid has been refunded.",
    colRefId1: "RefId1",
    colAmount: "Amount",
    colState: "State",
    colCreated: "Created",
    refundOf: "Refund of Pay-In",
    pageTitle: (refId1: string) => `Refund Pay-In ${refId1}`,
    pageIntro:
      "A refund is a Pay-Out to the customer's account: approved, sent and followed like any other. Enter where the money goes; the amount starts at what is left, and RefId2 is the Pay-In's RefId1.",
    notRefundable: "This request cannot be refunded: only a paid Pay-In can, up to what is left of what was paid.",
    backToPayIn: "Back to the Pay-In",
  },
  th: {
    title: "การคืนเงิน",
    paid: "ชำระแล้ว",
    refunded: "คืนเงินแล้ว",
    left: "คืนเงินได้อีก",
    refundedHint: "รายการคืนเงินที่กำลังส่งหรือรออนุมัติจะนับรวมจนกว่าจะสิ้นสุด",
    none: "ยังไม่มีการคืนเงิน",
    refund: "คืนเงิน",
    refundAll: "คืนเงินให้ลูกค้า",
    nothingLeft: "คืนเงินครบตามยอดที่ลูกค้าชำระแล้ว",
    colRefId1: "RefId1",
    colAmount: "จำนวนเงิน",
    colState: "สถานะ",
    colCreated: "สร้างเมื่อ",
    refundOf: "คืนเงินของรายการรับเงิน",
    pageTitle: (refId1: string) => `คืนเงินรายการรับเงิน ${refId1}`,
    pageIntro:
      "การคืนเงินคือการจ่ายเงิน (Pay-Out) เข้าบัญชีของลูกค้า ผ่านการอนุมัติ ส่ง และติดตามเหมือนรายการจ่ายเงินอื่น ระบุบัญชีปลายทาง จำนวนเงินเริ่มต้นที่ยอดที่คืนได้อีก และ RefId2 คือ RefId1 ของรายการรับเงิน",
    notRefundable: "รายการนี้คืนเงินไม่ได้ คืนเงินได้เฉพาะรายการรับเงินที่ชำระแล้ว ไม่เกินยอดที่เหลือจากที่ชำระ",
    backToPayIn: "กลับไปที่รายการรับเงิน",
  },
});

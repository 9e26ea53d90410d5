import { defineMessages } from "@/lib/i18n";

export { stateLabels } from "@/lib/requests/state-labels";

export const kindLabels = defineMessages({
  en: {
    payin: "Pay-In",
    payin_p2p: "Pay-In",
    payout: "Pay-Out",
    withdrawal: "Withdrawal",
    p2p: "P2P",
    p2pTitle: "Pay-In P2P: paid to a pending pay-out's recipient",
    refund: "Refund",
    refundTitle: "A Pay-Out that refunds a paid Pay-In",
  },
  th: {
    payin: "รับชำระ (Pay-In)",
    payin_p2p: "รับชำระ (Pay-In)",
    payout: "โอนจ่าย (Pay-Out)",
    withdrawal: "ถอนเงิน (Withdrawal)",
    p2p: "P2P",
    p2pTitle: "Pay-In P2P: ชำระไปยังผู้รับของรายการโอนจ่ายที่รออยู่",
    refund: "คืนเงิน",
    refundTitle: "รายการจ่ายเงินที่คืนเงินของรายการรับเงินที่ชำระแล้ว",
  },
});

/** "expires in 12 min", in either language; null once the time has passed. */
export const expiryWords = defineMessages({
  en: {
    expiresIn: (minutes: number) =>
      minutes < 60
        ? `expires in ${Math.max(1, minutes)} min`
        : minutes < 48 * 60
          ? `expires in ${Math.round(minutes / 60)} h`
          : `expires in ${Math.round(minutes / 1440)} days`,
    expiryPassed: "payment window has passed",
  },
  th: {
    expiresIn: (minutes: number) =>
      minutes < 60
        ? `หมดอายุใน ${Math.max(1, minutes)} นาที`
        : minutes < 48 * 60
          ? `หมดอายุใน ${Math.round(minutes / 60)} ชม.`
          : `หมดอายุใน ${Math.round(minutes / 1440)} วัน`,
    expiryPassed: "เลยเวลาชำระแล้ว",
  },
});

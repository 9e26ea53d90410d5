import { defineMessages } from "@/lib/i18n";
import type { WalletFailure } from "@/lib/wallet/position";

/** Words for the merchant's wallet where money goes out and on the overview (lib/wallet). */
export const walletMessages = defineMessages({
  en: {
    title: "Wallet at the provider",
    balance: "Balance",
    notReadYet: "Not read yet",
    reading: "Reading the balance…",
    readAgo: (ago: string) => `read ${ago}`,
    justNow: "just now",
    secondsAgo: (n: number) => `${n} s ago`,
    minutesAgo: (n: number) => `${n} min ago`,
    hoursAgo: (n: number) => `${n} h ago`,
    waiting: "Waiting to be debited",
    waitingDetail: (count: number, fee: string, estimated: boolean) =>
      count === 0
        ? "nothing waiting"
        : `${count} pay-out${count === 1 ? "" : "s"} not yet paid out, with ${fee} in fees${estimated ? " (estimated)" : ""}`,
    feeUnknown: (count: number) => `The fee of ${count} of them is not known yet.`,
    available: "Available",
    thisOne: "This one, with its fee",
    theseLines: (n: number) => `These ${n} pay-out${n === 1 ? "" : "s"}, with their fees`,
    thisOneDetail: (fee: string, pct: string) => `includes a fee of ${fee} (${pct}%, the merchant's latest pay-out rate)`,
    thisOneRecipientPays: (fee: string, pct: string, gets: string) => `the fee of ${fee} (${pct}%) is the recipient's: they get ${gets}`,
    thisOneNoFee: "fee not known yet (no pay-out rate seen for this merchant)",
    leftAfter: "Left after this one",
    short: (by: string) =>
      `This is ${by} more than is available. The provider checks the balance only when it approves a pay-out, and would refuse this one then, unless money comes in first.`,
    confirmShort: (by: string) => `More than is available, by ${by}: the provider will refuse it at approval unless money comes in first.`,
    sendAnyway: "Send anyway",
    failure: (f: WalletFailure) =>
      (
        ({
          no_read_key:
            "PayDesk has no read key for this merchant, so it cannot read the balance. An admin can add the read (VIEWER) key in Settings → Merchants.",
          refused: "The provider refused the merchant's read key for the balance. An admin should check the key in Settings → Merchants.",
          not_found: "The provider has no wallet for this merchant.",
          unavailable: "The provider could not be reached just now; the figure shown is the last one read.",
        }) satisfies Record<WalletFailure, string>
      )[f],
    overviewTitle: "Wallets at the provider",
    overviewHint: "The balance each merchant's wallet holds at the provider, less what waits to be debited.",
  },
  th: {
    title: "กระเป๋าเงินที่ผู้ให้บริการ",
    balance: "ยอดคงเหลือ",
    notReadYet: "ยังไม่ได้อ่านยอด",
    reading: "กำลังอ่านยอดคงเหลือ…",
    readAgo: (ago: string) => `อ่านเมื่อ ${ago}`,
    justNow: "เมื่อสักครู่",
    secondsAgo: (n: number) => `${n} วินาทีที่แล้ว`,
    minutesAgo: (n: number) => `${n} นาทีที่แล้ว`,
    hoursAgo: (n: number) => `${n} ชั่วโมงที่แล้ว`,
    waiting: "รอตัดจากกระเป๋า",
    waitingDetail: (count: number, fee: string, estimated: boolean) =>
      count === 0 ? "ไม่มีรายการรอ" : `รายการโอนจ่ายที่ยังไม่ได้จ่าย ${count} รายการ รวมค่าธรรมเนียม ${fee}${estimated ? " (ประมาณ)" : ""}`,
    feeUnknown: (count: number) => `ยังไม่ทราบค่าธรรมเนียมของ ${count} รายการ`,
    available: "ใช้ได้",
    thisOne: "รายการนี้ รวมค่าธรรมเนียม",
    theseLines: (n: number) => `รายการโอนจ่าย ${n} รายการนี้ รวมค่าธรรมเนียม`,
    thisOneDetail: (fee: string, pct: string) => `รวมค่าธรรมเนียม ${fee} (${pct}% อัตราโอนจ่ายล่าสุดของร้านค้า)`,
    thisOneRecipientPays: (fee: string, pct: string, gets: string) => `ค่าธรรมเนียม ${fee} (${pct}%) ผู้รับเงินเป็นผู้จ่าย: ได้รับ ${gets}`,
    thisOneNoFee: "ยังไม่ทราบค่าธรรมเนียม (ยังไม่เคยเห็นอัตราโอนจ่ายของร้านค้านี้)",
    leftAfter: "คงเหลือหลังรายการนี้",
    short: (by: string) => `ยอดนี้เกินยอดที่ใช้ได้ ${by} ผู้ให้บริการตรวจยอดคงเหลือเฉพาะตอนอนุมัติการโอนจ่าย และจะปฏิเสธรายการนี้ในตอนนั้น เว้นแต่จะมีเงินเข้ามาก่อน`,
    confirmShort: (by: string) => `เกินยอดที่ใช้ได้ ${by} ผู้ให้บริการจะปฏิเสธตอนอนุมัติ เว้นแต่จะมีเงินเข้ามาก่อน`,
    sendAnyway: "ส่งต่อไป",
    failure: (f: WalletFailure) =>
      (
        ({
          no_read_key: "PayDesk ไม่มีคีย์สำหรับอ่านของร้านค้านี้ จึงอ่านยอดคงเหลือไม่ได้ ผู้ดูแลระบบเพิ่มคีย์อ่าน (VIEWER) ได้ที่ ตั้งค่า → ร้านค้า",
          refused: "ผู้ให้บริการไม่ยอมรับคีย์อ่านของร้านค้าสำหรับยอดคงเหลือ ผู้ดูแลระบบควรตรวจคีย์ที่ ตั้งค่า → ร้านค้า",
          not_found: "ผู้ให้บริการไม่มีกระเป๋าเงินของร้านค้านี้",
          unavailable: "ติดต่อผู้ให้บริการไม่ได้ในขณะนี้ ยอดที่แสดงคือยอดที่อ่านได้ครั้งล่าสุด",
        }) satisfies Record<WalletFailure, string>
      )[f],
    overviewTitle: "กระเป๋าเงินที่ผู้ให้บริการ",
    overviewHint: "ยอดในกระเป๋าเงินของแต่ละร้านค้าที่ผู้ให้บริการ หักยอดที่รอตัด",
  },
});
export type WalletMessages = ReturnType<typeof walletMessages>;

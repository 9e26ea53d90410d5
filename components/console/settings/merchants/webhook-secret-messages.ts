import { defineMessages } from "@/lib/i18n";

/** The confirmation before the webhook secret is replaced. */
export const webhookSecretMessages = defineMessages({
  en: {
    confirmTitle: "Replace the webhook secret?",
    confirmNew:
      "PayDesk makes a new secret and shows it once. Give it to the provider's admin, who must enter it in the provider's webhook settings.",
    confirmOld: "The current secret keeps working for 24 hours, then stops: webhooks sent with it after that are refused.",
    confirm: "Replace the secret",
    back: "Back",
  },
  th: {
    confirmTitle: "เปลี่ยนรหัสลับเว็บฮุกหรือไม่",
    confirmNew: "PayDesk จะสร้างรหัสลับใหม่และแสดงเพียงครั้งเดียว ต้องแจ้งรหัสนี้ให้ผู้ดูแลของผู้ให้บริการนำไปกรอกในการตั้งค่าเว็บฮุกของผู้ให้บริการ",
    confirmOld: "รหัสลับปัจจุบันจะยังใช้ได้อีก 24 ชั่วโมงแล้วจึงหยุดใช้ เว็บฮุกที่ส่งมาด้วยรหัสเดิมหลังจากนั้นจะถูกปฏิเสธ",
    confirm: "เปลี่ยนรหัสลับ",
    back: "กลับ",
  },
});

import { defineMessages } from "@/lib/i18n";

/** Words shared by every settings page. */
export const settingsMessages = defineMessages({
  en: {
    settingsTitle: "Settings",
    merchantsTab: "Merchants",
    developersTab: "Developers",
    webhooksTab: "Outbound webhooks",
    staffTab: "Staff",
    jobsTab: "Background work",
    lineTab: "LINE",
    notFound: "Not found",
  },
  th: {
    settingsTitle: "ตั้งค่า",
    merchantsTab: "ร้านค้า",
    developersTab: "นักพัฒนา",
    webhooksTab: "เว็บฮุคขาออก",
    staffTab: "พนักงาน",
    jobsTab: "งานเบื้องหลัง",
    lineTab: "LINE",
    notFound: "ไม่พบ",
  },
});

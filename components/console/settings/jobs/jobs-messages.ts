import { defineMessages } from "@/lib/i18n";
import { QUEUES, type QueueName } from "@/lib/jobs/waiting";

/** Words of Settings → Background work. */
export const jobsMessages = defineMessages({
  en: {
    title: "Background work",
    intro:
      "What PayDesk does by itself, behind every page: asking the provider about open requests, sending your outbound webhooks, making bulk Pay-Out lines, e-mailing staff and working out each day's statement. Every instance shares this work through the database.",
    queuesCaption: "What waits, across every instance",
    queue: "Work",
    due: "Due now",
    held: "In progress",
    later: "Scheduled later",
    retrying: "Tried before",
    oldest: "Longest due",
    none: "—",
    loopsTitle: "This instance's loops",
    loopsIntro: "Counted since this instance started; each instance counts its own.",
    loop: "Loop",
    passes: "Passes",
    failures: "Failed passes",
    items: "Items taken",
    lastPass: "Last pass",
    running: "running now",
    never: "not yet",
    notStarted: "No loop has run in this instance yet.",
    seconds: (n: number) => `${n} s`,
    minutes: (n: number) => `${n} min`,
    hours: (n: number) => `${n} h`,
    ago: (when: string) => `${when} ago`,
    asOf: (time: string) => `As of ${time} (Bangkok). Reload the page for newer figures.`,
    needsAllMerchants: "These figures cover every merchant: only a person who sees every merchant can read them.",
    reconcile: "Provider checks of open requests",
    outbound: "Outbound webhook deliveries",
    bulk: "Bulk Pay-Out lines",
    notify: "Staff e-mail",
    line: "LINE messages",
    statement: "Daily wallet statements",
  },
  th: {
    title: "งานเบื้องหลัง",
    intro:
      "งานที่ PayDesk ทำเองอยู่เบื้องหลังทุกหน้า: สอบถามผู้ให้บริการถึงคำขอที่ยังไม่จบ ส่งเว็บฮุคขาออก สร้างรายการจ่ายเงินแบบกลุ่ม ส่งอีเมลถึงพนักงาน และจัดทำรายการเดินบัญชีรายวัน ทุกอินสแตนซ์แบ่งงานนี้กันผ่านฐานข้อมูล",
    queuesCaption: "งานที่รออยู่ จากทุกอินสแตนซ์",
    queue: "งาน",
    due: "ถึงกำหนดแล้ว",
    held: "กำลังทำ",
    later: "นัดไว้ภายหลัง",
    retrying: "เคยลองแล้ว",
    oldest: "รอนานที่สุด",
    none: "—",
    loopsTitle: "ลูปของอินสแตนซ์นี้",
    loopsIntro: "นับตั้งแต่อินสแตนซ์นี้เริ่มทำงาน แต่ละอินสแตนซ์นับของตนเอง",
    loop: "ลูป",
    passes: "รอบ",
    failures: "รอบที่ล้มเหลว",
    items: "รายการที่ทำ",
    lastPass: "รอบล่าสุด",
    running: "กำลังทำอยู่",
    never: "ยังไม่มี",
    notStarted: "ยังไม่มีลูปใดทำงานในอินสแตนซ์นี้",
    seconds: (n: number) => `${n} วินาที`,
    minutes: (n: number) => `${n} นาที`,
    hours: (n: number) => `${n} ชั่วโมง`,
    ago: (when: string) => `${when} ที่แล้ว`,
    asOf: (time: string) => `ข้อมูล ณ ${time} (เวลากรุงเทพฯ) โหลดหน้านี้ใหม่เพื่อดูตัวเลขล่าสุด`,
    needsAllMerchants: "ตัวเลขเหล่านี้รวมทุกร้านค้า ผู้ที่เห็นทุกร้านค้าเท่านั้นจึงจะดูได้",
    reconcile: "การตรวจสอบคำขอที่ยังไม่จบกับผู้ให้บริการ",
    outbound: "การส่งเว็บฮุคขาออก",
    bulk: "รายการจ่ายเงินแบบกลุ่ม",
    notify: "อีเมลถึงพนักงาน",
    line: "ข้อความ LINE",
    statement: "รายการเดินบัญชีรายวัน",
  },
});

export type JobsWords = ReturnType<typeof jobsMessages>;

/** "45 s", "12 min", "3 h": how long, in the reader's words. */
export function spanOf(t: JobsWords, seconds: number): string {
  if (seconds < 60) return t.seconds(seconds);
  if (seconds < 3_600) return t.minutes(Math.floor(seconds / 60));
  return t.hours(Math.floor(seconds / 3_600));
}

/** A queue's or loop's name in the reader's words (a loop of another name as it is called). */
export const queueLabel = (t: JobsWords, name: string): string =>
  (QUEUES as readonly string[]).includes(name) ? t[name as QueueName] : name;

import Link from "next/link";
import { defineMessages } from "@/lib/i18n";
import { getLocale } from "@/lib/i18n/server";

const messages = defineMessages({
  en: {
    title: "Request not found",
    body: "There is no request with this id among the merchants you can see. Check the link, or find the request in the list.",
    back: "Back to requests",
  },
  th: {
    title: "ไม่พบคำขอ",
    body: "ไม่มีคำขอรหัสนี้ในร้านค้าที่คุณเห็นได้ ตรวจสอบลิงก์ หรือค้นหาคำขอในรายการ",
    back: "กลับไปที่รายการคำขอ",
  },
});

/** Missing and out of scope look the same on purpose: a request id reveals nothing about other merchants. */
export default async function RequestNotFound() {
  const t = messages(await getLocale());
  return (
    <section data-testid="request-not-found">
      <h1 className="text-2xl font-semibold">{t.title}</h1>
      <p className="mt-2 text-slate-600">{t.body}</p>
      <p className="mt-6">
        <Link href="/requests" className="text-brand-dark underline">
          {t.back}
        </Link>
      </p>
    </section>
  );
}

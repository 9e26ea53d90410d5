import { keyedMessages } from "../i18n/keyed-messages";

/**
 * Settings → Webhooks: the forms' rules and the actions' refusals, as keys, worded here in both
 * languages. This file reaches the browser.
 */
export const webhookRuleMessages = keyedMessages("outbound", {
  en: {
    urlRequired: "Enter the address PayDesk should send events to, such as https://shop.example.com/paydesk/webhooks.",
    urlInvalid: "That is not a web address. Write it whole, such as https://shop.example.com/paydesk/webhooks.",
    urlTooLong: "An address has at most 2,048 characters.",
    urlCredentials: "Leave the user name and password out of the address: PayDesk signs every event instead.",
    urlHttps: "Use https: events carry payment details and must be encrypted on the way.",
    urlPrivate: "That address is on a private or local network, which PayDesk does not send to. Use the endpoint's public address.",
    descriptionTooLong: "A description has at most 200 characters.",
    eventsRequired: "Choose at least one event to send.",
    endpointGone: "That endpoint no longer exists. Reload the page.",
    endpointDisabled: "The endpoint is disabled: enable it first.",
    deliveryGone: "That delivery is no longer in the log. Reload the page.",
    deliveryPending: "That event is already waiting to be sent.",
    sinceInvalid: "Choose a date and time in the past.",
  },
  th: {
    urlRequired: "กรอกที่อยู่ที่ PayDesk จะส่งเหตุการณ์ไป เช่น https://shop.example.com/paydesk/webhooks",
    urlInvalid: "นี่ไม่ใช่ที่อยู่เว็บ โปรดเขียนให้ครบ เช่น https://shop.example.com/paydesk/webhooks",
    urlTooLong: "ที่อยู่ยาวได้ไม่เกิน 2,048 ตัวอักษร",
    urlCredentials: "ไม่ต้องใส่ชื่อผู้ใช้และรหัสผ่านในที่อยู่ PayDesk ลงลายมือชื่อทุกเหตุการณ์แทน",
    urlHttps: "ใช้ https: เหตุการณ์มีข้อมูลการชำระเงินและต้องเข้ารหัสระหว่างทาง",
    urlPrivate: "ที่อยู่นี้อยู่ในเครือข่ายส่วนตัวหรือภายในเครื่อง ซึ่ง PayDesk ไม่ส่งไป โปรดใช้ที่อยู่สาธารณะของปลายทาง",
    descriptionTooLong: "คำอธิบายยาวได้ไม่เกิน 200 ตัวอักษร",
    eventsRequired: "เลือกเหตุการณ์ที่จะส่งอย่างน้อยหนึ่งรายการ",
    endpointGone: "ไม่มีปลายทางนี้แล้ว โปรดโหลดหน้าใหม่",
    endpointDisabled: "ปลายทางนี้ถูกปิดใช้งาน โปรดเปิดใช้งานก่อน",
    deliveryGone: "ไม่มีการส่งนี้ในบันทึกแล้ว โปรดโหลดหน้าใหม่",
    deliveryPending: "เหตุการณ์นี้กำลังรอส่งอยู่แล้ว",
    sinceInvalid: "เลือกวันที่และเวลาในอดีต",
  },
});

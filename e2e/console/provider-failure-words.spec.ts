/**
 * PayDesk's own failure sentences reach staff in their language: a provider that does
 * not answer in time is explained in Thai to a Thai reader, on the request's page, while the
 * English stays what PayDesk stores (playwright.config.ts sets a 3 s provider timeout). While the
 * form waits, it shows how long it has been waiting.
 */
import { COFFEE, landedOnRequest, openCreateForm, refId1Input } from "../support/create-forms";
import { skipWithout } from "../support/deployment";
import { expect, test } from "../support/sandbox";

test.beforeEach(({}) => {
  skipWithout(test, "3 s provider timeout");
});

test.describe("a Thai reader", () => {
  test.use({ locale: "th-TH" });

  test("is told in Thai that the provider did not answer in time @deployed", async ({ page, sandbox }) => {
    await openCreateForm(page, "payin", COFFEE);
    const refId1 = await refId1Input(page).inputValue();
    // The call never reaches the provider's logic and no answer comes: PayDesk gives up after 3 s.
    await sandbox.control("POST", "/faults", { operation: "SubmitPayInRequest", kind: "timeout", when: "before", match: { refId1 } });
    await page.getByLabel("ชื่อผู้จ่าย").fill("สมชาย ใจดี");
    await page.getByLabel("จำนวนเงิน").fill("45");
    await page.getByRole("button", { name: "สร้างรายการรับเงิน" }).click();
    // While it waits, the form counts the seconds (from 2 s on) and says what PayDesk is doing.
    await expect(page.getByTestId("sending-progress")).toContainText(/^[23] s · ยังกำลังส่ง/);
    await landedOnRequest(page);

    const thai = "ผู้ให้บริการไม่ตอบกลับภายใน 3 วินาที คำขออาจถูกสร้างขึ้นแล้วหรือยังก็ได้ PayDesk จะตรวจสอบกับผู้ให้บริการก่อนส่งซ้ำทุกครั้ง";
    await expect(page.getByTestId("unknown-notice")).toContainText("กำลังตรวจสอบกับผู้ให้บริการ");
    await expect(page.getByTestId("request-fields")).toContainText(thai);
    await expect(page.locator('[data-testid="timeline-entry"][data-type="submit_uncertain"]')).toContainText(thai);
    // The timeline's folded raw record keeps the English as stored; nothing on view is English.
    await expect(page.getByText("did not answer within").filter({ visible: true })).toHaveCount(0);
  });
});

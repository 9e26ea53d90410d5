import { expect, test } from "../support/sandbox";

test.describe("provider sandbox, as QA drives it", () => {
  test("a customer opens the sandbox payment page of a new Pay-In and the simulated transfer marks it Paid", async ({ page, sandbox }) => {
    test.skip(sandbox.profile !== "spec", "the live provider sends no paymentUrl (docs/provider-facts.md §4.1)");
    const merchant = sandbox.merchants[0]!;
    const refId1 = `E2E-${Date.now().toString(36)}-${test.info().project.name.slice(0, 3)}`;
    const created = await sandbox.provider<{
      status: string;
      paymentResponse: { id: string; paymentUrl: string; generatedAmount: number };
    }>("SubmitPayInRequest", merchant, {
      RefId1: refId1,
      PayerName: "สมหญิง ทดสอบ",
      RequestedAmount: 250,
      Currency: "THB",
      QrProvider: "PP",
    });
    expect(created.status).toBe("OK");
    const { paymentUrl, generatedAmount } = created.paymentResponse;

    await page.goto(paymentUrl);
    await expect(page.getByText(generatedAmount.toFixed(2))).toBeVisible();
    await expect(page.getByRole("img", { name: /PromptPay QR/ })).toBeVisible();
    await page.getByRole("button", { name: "Simulate the transfer" }).click();
    await expect(page.locator("#status")).toHaveText("Paid");

    const after = await sandbox.control<{ status: string }>("GET", `/requests/${created.paymentResponse.id}`);
    expect(after.status).toBe("Paid");
  });
});

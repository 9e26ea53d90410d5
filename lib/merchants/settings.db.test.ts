import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { DATABASE_KINDS } from "../db/testing/databases";
import { createKeyVault } from "./key-vault";
import { createMerchant } from "./manage";
import { getMerchantSettings, listMerchantSettings, updateMerchantSettings } from "./settings";
import { rotateWebhookSecret } from "./webhook-secret";
import { setUpTestDatabase } from "../testing/database-fixture";

const SUBMIT = "submit-0123456789abcdef-f8e7";
const READ = "read-0123456789abcdef-d464";

describe.each(DATABASE_KINDS)("merchant settings on %s", (kind) => {
  const setup = setUpTestDatabase(kind);
  const { skip } = setup;
  const vault = createKeyVault([randomBytes(32)]);
  let coffee: string;
  let gadgets: string;

  beforeAll(async () => {
    if (skip) return;
    coffee = (
      await createMerchant(setup.db, vault, {
        displayName: "Siam Coffee",
        orgId: "demo",
        merchantId: "0e6a33cb-96cc-47a6-ac51-1de5027ec190",
        submitKey: SUBMIT,
        readKey: READ,
        payinMinSatang: 2_000,
        payinMaxSatang: 5_000_000,
      })
    ).id;
    gadgets = (
      await createMerchant(setup.db, vault, {
        displayName: "Chiang Mai Gadgets",
        orgId: "demo",
        merchantId: "1e6a33cb-96cc-47a6-ac51-1de5027ec190",
        submitKey: SUBMIT,
      })
    ).id;
  });

  it.skipIf(skip)("shows the keys' last four, the limits and the secret's state, never a key or a hash", async () => {
    const secret = await rotateWebhookSecret(setup.db, coffee);
    await rotateWebhookSecret(setup.db, coffee);
    const [gadgetsView, coffeeView] = await listMerchantSettings(setup.db, { merchantIds: null });
    expect(coffeeView).toMatchObject({
      displayName: "Siam Coffee",
      submitKeyLast4: "f8e7",
      readKeyLast4: "d464",
      hasWebhookSecret: true,
      previousSecretUntil: expect.any(Date),
      payinMinSatang: 2_000,
      payinMaxSatang: 5_000_000,
      payoutApprovalThresholdSatang: null,
    });
    expect(gadgetsView).toMatchObject({ readKeyLast4: null, hasWebhookSecret: false, previousSecretUntil: null });
    const text = JSON.stringify([gadgetsView, coffeeView]);
    for (const hidden of [SUBMIT, READ, secret, "v1."]) expect(text).not.toContain(hidden);
    expect(Object.keys(coffeeView!)).not.toEqual(expect.arrayContaining(["submitKeyEncrypted", "webhookSecretHash"]));
  });

  it.skipIf(skip)("keeps to the person's merchants: another merchant is simply not found", async () => {
    expect((await listMerchantSettings(setup.db, { merchantIds: [gadgets] })).map((m) => m.id)).toEqual([gadgets]);
    expect(await listMerchantSettings(setup.db, { merchantIds: [] })).toEqual([]);
    expect(await getMerchantSettings(setup.db, { merchantIds: [gadgets] }, coffee)).toBeUndefined();
    expect(await getMerchantSettings(setup.db, { merchantIds: null }, "mer_nope")).toBeUndefined();
  });

  it.skipIf(skip)("updates the name and limits; a limit left out means none", async () => {
    expect(
      await updateMerchantSettings(setup.db, gadgets, {
        displayName: "Gadgets CM",
        payinMaxSatang: 100_050,
        payoutApprovalThresholdSatang: 0,
      }),
    ).toBe(true);
    expect(await getMerchantSettings(setup.db, { merchantIds: null }, gadgets)).toMatchObject({
      displayName: "Gadgets CM",
      payinMinSatang: null,
      payinMaxSatang: 100_050,
      payoutApprovalThresholdSatang: 0,
    });
    expect(await updateMerchantSettings(setup.db, "mer_nope", { displayName: "X" })).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertStaff } from "../auth/testing/staff";
import { createTestDatabase, DATABASE_KINDS, postgresSkipReason, type TestDatabase } from "../db/testing/databases";
import { listStaffNames } from "../requests/queries";
import { getStaffMember, listStaff } from "./queries";

describe.each(DATABASE_KINDS)("what staff a viewer sees, on %s", (kind) => {
  const skip = kind === "postgres" ? postgresSkipReason() : null;
  let database: TestDatabase;
  const people = {} as Record<"boss" | "shopA" | "shopAB" | "shopB" | "nowhere", { id: string; email: string }>;
  const limitedToA = { merchantIds: ["mer_a"] };
  const everyMerchant = { merchantIds: null };

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(kind);
    people.boss = await insertStaff(database.db, { role: "admin", email: "boss@shop.example", merchantIds: null });
    people.shopA = await insertStaff(database.db, { role: "admin", email: "a@shop.example", merchantIds: ["mer_a"] });
    people.shopAB = await insertStaff(database.db, { role: "operator", email: "ab@shop.example", merchantIds: ["mer_b", "mer_a"] });
    people.shopB = await insertStaff(database.db, { role: "finance", email: "b-only@other.example", merchantIds: ["mer_b"] });
    people.nowhere = await insertStaff(database.db, { role: "viewer", email: "none@shop.example", merchantIds: [] });
  });
  afterAll(async () => database?.dispose());

  it.skipIf(skip)("an unlimited admin sees everyone, with their e-mails and merchants", async () => {
    const seen = await listStaff(database.db, everyMerchant);
    expect(seen.map((p) => p.email).sort()).toEqual([
      "a@shop.example",
      "ab@shop.example",
      "b-only@other.example",
      "boss@shop.example",
      "none@shop.example",
    ]);
    expect(seen.find((p) => p.id === people.shopAB.id)?.merchantIds).toEqual(["mer_b", "mer_a"]);
    expect((await listStaffNames(database.db, everyMerchant)).map((p) => p.id).sort()).toEqual(
      Object.values(people)
        .map((p) => p.id)
        .sort(),
    );
  });

  it.skipIf(skip)(
    "an admin limited to a merchant sees only the people who share one of theirs, and no other merchant of theirs",
    async () => {
      const seen = await listStaff(database.db, limitedToA);
      expect(seen.map((p) => p.id).sort()).toEqual([people.boss.id, people.shopA.id, people.shopAB.id].sort());
      expect(JSON.stringify(seen)).not.toContain("b-only@other.example");
      expect(seen.find((p) => p.id === people.shopAB.id)).toMatchObject({ email: "ab@shop.example", merchantIds: ["mer_a"] });
      // Someone with every merchant is listed (they reach the viewer's shop) but their address is withheld.
      expect(seen.find((p) => p.id === people.boss.id)).toMatchObject({ email: null, merchantIds: null });
      expect(await getStaffMember(database.db, limitedToA, people.shopB.id)).toBeUndefined();
      expect(await getStaffMember(database.db, limitedToA, people.boss.id)).toMatchObject({ email: null });
      expect(await getStaffMember(database.db, everyMerchant, people.shopB.id)).toMatchObject({ email: "b-only@other.example" });
    },
  );

  it.skipIf(skip)("the requests list's creator filter offers only those same people", async () => {
    const names = await listStaffNames(database.db, limitedToA);
    expect(names.map((p) => p.id).sort()).toEqual([people.boss.id, people.shopA.id, people.shopAB.id].sort());
    expect(await listStaffNames(database.db, { merchantIds: [] })).toEqual([{ id: people.boss.id, name: "Test admin" }]);
  });
});

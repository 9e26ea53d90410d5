import type { Metadata } from "next";
import { CreateOperationPage } from "@/components/console/create/create-operation-page";
import { requirePermission } from "@/lib/auth/session";
import { selectMerchantAction } from "../../actions";
import { checkRefId1Action, createWithdrawalAction } from "../actions";

export const metadata: Metadata = { title: "New Withdrawal" };

export default async function NewWithdrawalPage() {
  const session = await requirePermission("withdrawal.create");
  return <CreateOperationPage operation="withdrawal" session={session} actions={{ create: createWithdrawalAction, checkRefId1: checkRefId1Action, selectMerchant: selectMerchantAction }} />;
}

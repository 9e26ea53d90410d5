import type { Metadata } from "next";
import { CreateOperationPage } from "@/components/console/create/create-operation-page";
import { requirePermission } from "@/lib/auth/session";
import { selectMerchantAction } from "../../actions";
import { checkRefId1Action, createPayOutAction } from "../actions";

export const metadata: Metadata = { title: "New Pay-Out" };

export default async function NewPayOutPage() {
  const session = await requirePermission("payout.create");
  return <CreateOperationPage operation="payout" session={session} actions={{ create: createPayOutAction, checkRefId1: checkRefId1Action, selectMerchant: selectMerchantAction }} />;
}

import type { Metadata } from "next";
import { CreateOperationPage } from "@/components/console/create/create-operation-page";
import { requirePermission } from "@/lib/auth/session";
import { selectMerchantAction } from "../../actions";
import { checkRefId1Action, createPayInAction } from "../actions";

export const metadata: Metadata = { title: "New Pay-In" };

export default async function NewPayInPage() {
  const session = await requirePermission("payin.create");
  return <CreateOperationPage operation="payin" session={session} actions={{ create: createPayInAction, checkRefId1: checkRefId1Action, selectMerchant: selectMerchantAction }} />;
}

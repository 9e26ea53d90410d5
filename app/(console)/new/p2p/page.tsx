import type { Metadata } from "next";
import { CreateOperationPage } from "@/components/console/create/create-operation-page";
import { requirePermission } from "@/lib/auth/session";
import { selectMerchantAction } from "../../actions";
import { checkRefId1Action, createP2PAction } from "../actions";

export const metadata: Metadata = { title: "New Pay-In P2P" };

export default async function NewP2PPage() {
  const session = await requirePermission("p2p.create");
  return <CreateOperationPage operation="p2p" session={session} actions={{ create: createP2PAction, checkRefId1: checkRefId1Action, selectMerchant: selectMerchantAction }} />;
}

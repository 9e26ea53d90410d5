import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Fragment } from "react";
import { CreateOperationPage } from "@/components/console/create/create-operation-page";
import { requirePermission } from "@/lib/auth/current-session";
import { getLocale } from "@/lib/i18n/server";
import { loadCreateForm } from "@/lib/requests/create-page";
import { generateIdempotencyKey, generateRefId1 } from "@/lib/requests/ref-id";
import { selectMerchantAction } from "../../actions";
import { checkRefId1Action } from "../actions";
import { OPERATION_TABLE, operationNamed } from "../operations";

/**
 * /new/payin, /new/p2p, /new/payout, /new/withdrawal: one page for the four operations, each
 * described by its row of the operations table; any other name is not found. The form gets a fresh
 * RefId1 and a fresh idempotency key for this rendering.
 */
type Props = { params: Promise<{ operation: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const operation = operationNamed((await params).operation);
  return operation ? { title: OPERATION_TABLE[operation].title } : {};
}

export default async function NewOperationPage({ params }: Props) {
  const operation = operationNamed((await params).operation);
  if (!operation) notFound();
  const entry = OPERATION_TABLE[operation];
  const session = await requirePermission(entry.permission);
  const locale = await getLocale();
  const context = await loadCreateForm(session, { savedDestinations: entry.offersSavedDestinations });
  const { rules } = context;
  const form = rules ? (
    // Another merchant chosen in the header: a new form, not the old values.
    <Fragment key={rules.id}>
      {entry.form(
        {
          locale,
          merchantId: rules.id,
          initialRefId1: generateRefId1(),
          idempotencyKey: generateIdempotencyKey(),
          action: entry.action,
          checkRefId1: checkRefId1Action,
        },
        rules,
        context.saved,
      )}
    </Fragment>
  ) : null;
  return <CreateOperationPage operation={operation} locale={locale} context={context} form={form} selectMerchant={selectMerchantAction} />;
}

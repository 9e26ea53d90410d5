import type { Satang } from "../lib/money";

export interface Org {
  id: string;
  name: string;
}

export interface Merchant {
  id: string; // GUID, as the provider issues them
  orgId: string;
  code: string;
  name: string;
  payinMinSatang: Satang | null;
  payinMaxSatang: Satang | null;
  /** null → the profile's default (spec 15 min, live 30 min, docs/provider-facts.md §5.2). */
  payinExpireMinutes: number | null;
  payInFeePct: string;
  payoutFeePct: string;
  /** The provider's DiscardCent: a pay-in's satang go to the fee, the wallet gets whole baht (docs/provider-facts.md §5.6). Absent = false. */
  discardCent?: boolean;
  webhook: WebhookConfig | null;
}

export interface WebhookConfig {
  url: string;
  headers: Record<string, string>;
  isActive: boolean;
}

export interface ApiKey {
  key: string;
  orgId: string;
  /** The spec binds a key to one merchant; the live provider checks only the org (docs/provider-facts.md §1.2). */
  merchantId: string | null;
  roles: string[];
  status: "Active" | "Disabled";
  expiresAt: number | null;
  label: string;
}

/** An account held by the provider: a pay-in receiving account or a registered pay-out destination. */
export interface BankAccount {
  id: string;
  orgId: string;
  merchantId: string | null;
  category: "PayIn" | "PayOut";
  bankCode: string;
  accountNo: string;
  accountName: string;
  promptPayId: string | null;
  /** SCB bill-payment biller id, for `QrProvider: SCB` accounts. */
  billerId: string | null;
  isActive: boolean;
}

export type Direction = "PayIn" | "PayOut";
export type Kind = "payin" | "payin_p2p" | "payout" | "withdrawal";

export interface Destination {
  bankCode: string | null;
  accountNo: string | null;
  accountName: string | null;
  promptPayId: string | null;
  accountType: string | null;
  registeredAccountId: string | null;
}

export interface PartialPayout {
  payinRequestId: string | null;
  amountSatang: Satang;
  status: "Pending" | "Approved" | "Canceled";
  at: number;
}

export interface PaymentRequest {
  id: string;
  orgId: string;
  merchantId: string;
  kind: Kind;
  direction: Direction;
  refId1: string;
  refId2: string | null;
  refId3: string | null;
  payerName: string | null;
  description: string | null;
  customerEmail: string | null;
  customerPhone: string | null;
  tags: string | null;
  qrProvider: string | null;
  requestedSatang: Satang;
  generatedSatang: Satang | null;
  status: string;
  statusCode: string | null;
  statusReason: string | null;
  createdAt: number;
  updatedAt: number;
  expireAt: number | null;
  // pay-in side: where the customer sends money
  payinAccountId: string | null;
  payinBankCode: string | null;
  payinBankAccountNo: string | null;
  payinBankAccountName: string | null;
  payinPromptPayId: string | null;
  qrCode: string | null;
  isQrAvailable: boolean;
  slipToken: string | null;
  p2pPayoutId: string | null;
  payInFeePct: string;
  /** Snapshot of the merchant's DiscardCent at submit, as the provider keeps it on the request. Absent = false. */
  discardCent?: boolean;
  // pay-out side: where money goes
  destination: Destination | null;
  payoutFeePct: string;
  /**
   * The provider's PayoutFeePayer as submitted: "Merchant" (its default) or anything else, which
   * makes the recipient bear the fee (docs/provider-facts.md §9.3). Absent on requests kept before = "Merchant".
   */
  payoutFeePayer?: string;
  partials: PartialPayout[];
  paidSatang: Satang;
}

export interface SlipToken {
  token: string;
  requestId: string;
  expiresAt: number;
}

export interface Slip {
  id: string;
  requestId: string;
  imageBase64: string | null;
  first4: string | null;
  last4: string | null;
  note: string | null;
  uploadedAt: number;
}

export interface DuplicateRecord {
  id: string;
  dupType: "PayinSlipId";
  first4: string;
  last4: string;
  orgId: string;
  documentId: string;
  createdAt: number;
}

/** Money seen at a receiving account that matched no request (docs/provider-facts.md §2.3 step 3). */
export interface UnidentifiedTransfer {
  id: string;
  accountId: string;
  amountSatang: Satang;
  reason: string;
  at: number;
}

export interface WebhookDelivery {
  id: string;
  jobId: string;
  merchantId: string;
  requestId: string | null;
  event: string;
  type: string;
  url: string | null;
  /** Header names only: values are secrets. */
  headerNames: string[];
  body: unknown;
  outcome: "delivered" | "failed" | "dropped" | "no-config";
  httpStatus: number | null;
  responseSnippet: string | null;
  error: string | null;
  durationMs: number | null;
  at: number;
}

/** The provider's THB wallet of a merchant (docs/provider-facts.md §9.1). */
export interface Wallet {
  id: string;
  orgId: string;
  merchantId: string;
  balanceSatang: Satang;
  /** The provider's legacy `pointBalance`: the sum of the whole-baht parts of every movement (§9.1). */
  legacyBalance: number;
  createdAt: number;
  updatedAt: number;
}

/** One credit or debit of a wallet (the provider's point transaction, §9.2). */
export interface WalletTx {
  id: string;
  orgId: string;
  walletId: string;
  /** 1 = credit, -1 = debit. */
  txType: 1 | -1;
  amountSatang: Satang;
  previousSatang: Satang;
  currentSatang: Satang;
  legacyAmount: number;
  legacyPrevious: number;
  legacyCurrent: number;
  tags: string | null;
  description: string | null;
  /** What caused it, for QA: the request (if any) and the kind of movement. */
  requestId: string | null;
  cause: "payin" | "payin_p2p" | "payout" | "payout_p2p" | "adjustment" | "seed";
  feeSatang: Satang;
  createdAt: number;
}

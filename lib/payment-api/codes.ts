/**
 * The provider's status codes in words for merchant staff, with the code itself kept visible
 * (STYLE.md habit 9). Codes from provider-facts §3; descriptions are ours.
 */
const CODES: Record<string, string> = {
  REF_ID1_MISSING: "RefId1 is missing.",
  REF_ID1_DUPLICATE: "This RefId1 has been used before for this merchant (the provider keeps even rejected ones). Use a new RefId1.",
  CURRENCY_NOT_SUPPORT: "The provider only takes THB.",
  BANK_PROVIDER_NOT_SUPPORT: "The QR provider is not accepted: Pay-In takes PP or SCB, Pay-Out only PP.",
  INVALID_PAYMENT_AMOUNT: "The amount must be more than 0, with at most 2 decimals.",
  ERROR_VALUE_NOT_IN_RANGE: "The amount is outside this merchant's Pay-In range at the provider.",
  ERROR_DAILY_AMOUNT_EXCEEDED: "This merchant's daily Pay-In amount limit at the provider is reached; try tomorrow or ask the provider to raise it.",
  ERROR_DAILY_COUNT_EXCEEDED: "This merchant's daily Pay-In count limit at the provider is reached; try tomorrow or ask the provider to raise it.",
  ERROR_NO_PAYIN_ACCOUNT_MATCH: "The provider has no receiving account available for this Pay-In right now (for SCB QR, none is set up); try PromptPay (PP) or later.",
  ERROR_NO_P2P_ACCOUNT_MATCH: "No pending pay-out can take this P2P payment right now; try a normal Pay-In or later.",
  ERROR_NO_PAYOUT_REQUEST_FOUND: "The provider could not reserve a pay-out for this P2P payment; try again or use a normal Pay-In.",
  ERROR_UNABLE_TO_ACQUIRE_LOCK: "The provider is busy matching another P2P payment; try again in a few seconds.",
  ERROR_ORG_ID_EMPTY: "The provider has this merchant without an organisation; contact the provider.",
  NOTFOUND: "The provider does not know this merchant, account or request. Check the merchant id and org id in the merchant's settings.",
  UUID_INVALID: "An id sent to the provider is not in the provider's GUID format. Check the merchant id in the merchant's settings.",
  ERROR_DATA_NOT_OWN_BY_ORG_ID: "That request belongs to another organisation at the provider.",
  TOKEN_INVALID: "The slip link is invalid or has expired (links last 24 hours).",
  SCB_CONFIG_MISSING: "The provider's SCB account is not set up for QR; use PromptPay (PP).",
  SCB_AUTH_FAILED: "The provider could not sign in to SCB to make the QR; use PromptPay (PP) or try later.",
  SCB_API_ERROR: "SCB refused to make the QR; use PromptPay (PP) or try later.",
  INVALID_DESTINATION_ACCOUNT: "The destination account is incomplete or invalid.",
  BANK_CODE_NOT_SUPPORT: "The provider does not support that bank.",
  IMAGE_INVALID: "The slip is not a JPG, PNG or WebP picture.",
  PAYLOAD_TOO_LARGE: "The upload is too large for the provider.",
  HTTP_400: "The provider could not read what PayDesk sent; this is a PayDesk bug, please report it.",
  HTTP_404: "The provider has no such endpoint. The live provider has no Withdrawal endpoint: use a Pay-Out to the merchant's own account.",
  HTTP_413: "The upload is too large for the provider.",
  HTTP_415: "The provider could not read what PayDesk sent; this is a PayDesk bug, please report it.",
};

export function describeProviderCode(code: string, description: string | null): string {
  const known = CODES[code];
  if (known) return `${known} (${code})`;
  return `The provider refused: ${description?.trim() || "no reason given"} (${code}).`;
}

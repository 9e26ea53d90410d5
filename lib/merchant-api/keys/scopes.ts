/** What a merchant API key may do; the money-out scopes are off unless an admin chooses them. */
export const API_SCOPES = ["checkouts:write", "requests:read", "payouts:write", "withdrawals:write"] as const;
export type ApiScope = (typeof API_SCOPES)[number];
export const MONEY_OUT_SCOPES: readonly ApiScope[] = ["payouts:write", "withdrawals:write"];

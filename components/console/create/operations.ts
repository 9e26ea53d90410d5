/** The four things staff can create (their permissions, actions and forms: app/(console)/new/operations.tsx). */
export const OPERATIONS = ["payin", "p2p", "payout", "withdrawal"] as const;
export type Operation = (typeof OPERATIONS)[number];

export const operationHref = (operation: Operation) => `/new/${operation}`;

export const isMoneyOut = (operation: Operation) => operation === "payout" || operation === "withdrawal";

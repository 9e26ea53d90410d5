import type { Permission } from "@/lib/auth/permissions";

/** The four things staff can create, the permission each needs and where its form lives. */
export const OPERATIONS = ["payin", "p2p", "payout", "withdrawal"] as const;
export type Operation = (typeof OPERATIONS)[number];

export const OPERATION_PERMISSION: Record<Operation, Permission> = {
  payin: "payin.create",
  p2p: "p2p.create",
  payout: "payout.create",
  withdrawal: "withdrawal.create",
};

export const operationHref = (operation: Operation) => `/new/${operation}`;

export const isMoneyOut = (operation: Operation) => operation === "payout" || operation === "withdrawal";

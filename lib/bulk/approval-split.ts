import { needsApproval, type MerchantRules } from "../requests/form-context";
import type { Satang } from "../money";

export interface ApprovalSplit {
  /** Sent to the provider as soon as the file is confirmed. */
  now: { count: number; totalSatang: number };
  /** Above the merchant's approval threshold: each waits for a second person (lib/approvals). */
  held: { count: number; totalSatang: number; lines: number[] };
  thresholdSatang: Satang | null;
}

/**
 * Which of a file's lines go out when it is confirmed and which wait for approval — the rule the
 * worker's create applies to each line (lib/requests/create.ts), said before anyone confirms.
 */
export function approvalSplit(
  lines: Array<{ line: number; amountSatang: number | null }>,
  rules: Pick<MerchantRules, "approvalThresholdSatang">,
): ApprovalSplit {
  const split: ApprovalSplit = {
    now: { count: 0, totalSatang: 0 },
    held: { count: 0, totalSatang: 0, lines: [] },
    thresholdSatang: rules.approvalThresholdSatang,
  };
  for (const { line, amountSatang } of lines) {
    if (amountSatang === null) continue;
    if (needsApproval(amountSatang as Satang, rules)) {
      split.held.count += 1;
      split.held.totalSatang += amountSatang;
      split.held.lines.push(line);
    } else {
      split.now.count += 1;
      split.now.totalSatang += amountSatang;
    }
  }
  return split;
}

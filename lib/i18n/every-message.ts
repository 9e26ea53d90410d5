import { developerRuleMessages } from "../merchant-api/keys/rule-messages";
import { passkeyRules } from "../auth/passkey-rules";
import { secondFactorRules } from "../auth/second-factor-rules";
import { signInMessages } from "../auth/sign-in-messages";
import { lineProblemText } from "../bulk/messages";
import { merchantRuleMessages } from "../merchants/rule-messages";
import { slipRuleMessages } from "../slips/rule-messages";
import { webhookRuleMessages } from "../outbound-webhooks/rule-messages";
import { staffMessages } from "../staff/rule-messages";
import { browserActionMessages } from "./action-messages";
import { wordsOf } from "./keyed-messages";
import type { Locale } from "./locale";
import { lineRuleMessages } from "../line/rule-messages";

/**
 * Every set of messages that travels as keys (./keyed-messages.ts), in one place, so a reader who
 * may meet any of them — the audit log shows the refusals of every action — gets words, never a
 * raw `developers.keyGone`. every-message.test.ts finds each `keyedMessages(…)` in the code and
 * fails if its set is missing here.
 */
export const KEYED_MESSAGE_SETS = [
  signInMessages,
  passkeyRules,
  secondFactorRules,
  webhookRuleMessages,
  staffMessages,
  developerRuleMessages,
  merchantRuleMessages,
  slipRuleMessages,
  browserActionMessages,
  lineRuleMessages,
] as const;

const keyedWords = wordsOf(...KEYED_MESSAGE_SETS.map((set) => set.words));

/**
 * Any message key PayDesk makes, in words in the reader's language: a namespaced key (with its value
 * after a colon), a create form's or a bulk line's key (`refundTooLarge:12023`, lib/requests/form-messages.ts,
 * lib/bulk/messages.ts). Text that is no key (a sentence already in words) comes back as it was.
 */
export function wordMessage(locale: Locale, text: string): string {
  const keyed = keyedWords(locale, text);
  return keyed !== text ? keyed : lineProblemText(locale, text);
}

import "server-only";
import { ActionError } from "../auth/action";
import { SettingsRuleError } from "./errors";

/** Runs a settings use case; a rule's refusal becomes the action's answer, beside its field when it has one. */
export async function withRulesAsActionErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SettingsRuleError)
      throw new ActionError(error.message, error.field ? { [error.field]: [error.message] } : {}, error.outcome);
    throw error;
  }
}

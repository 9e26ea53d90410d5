/* eslint-disable max-lines -- one unit: the door every server action goes through; its guarantee is the order of its steps (docs/DESIGN.md §9.2) */
import "server-only";
import { randomBytes } from "node:crypto";
import { headers } from "next/headers";
import { unstable_rethrow } from "next/navigation";
import { z } from "zod";
import { getDb, type Db } from "../db";
import { actionMessages, deniedMessage } from "../i18n/action-messages";
import { localeOf } from "../i18n";
import {
  getMerchantInScope,
  getMerchantRow,
  inMerchantScope,
  isPossibleMerchantId,
  type MerchantRow,
  type MerchantSummary,
} from "../merchants/queries";
import type { AuditAction } from "../audit/actions";
import { recordAudit, type AuditOutcome } from "./audit";
import { fieldsHoldingNul, formDataToInput } from "./form-input";
import { can, type Permission } from "./permissions";
import { clientIpFrom } from "../http/request-ip";
import { needsStepUp } from "./step-up";
import { currentSession, type StaffSession } from "./current-session";
import { log } from "../ops/log";
import { recordAction } from "../ops/request-metrics";
import { inSpan } from "../ops/tracing";

/**
 * THE one door for mutations (docs/STYLE.md habit 1). Every server action PayDesk exports is built
 * here, and lib/auth/actions-registry.test.ts fails when one is not:
 *
 *   session → merchant scope → permission → no NUL in any text → zod parse (FormData coerced) → run → audit row → result
 *
 * - A merchant outside the caller's scope is "not found", exactly like one that does not exist
 *   (docs/STYLE.md habit 2).
 * - `run` reports a failure the person can act on by throwing ActionError; anything else it throws
 *   is logged with a reference, audited as "error", and answered with a generic sentence: internals
 *   (SQL, stack traces, provider bodies) never reach the browser.
 * - What fails before `run` (the session or the merchant unreadable in a database outage) is answered
 *   the same way, with a reference and one log line (not audited: who it was could not be read).
 * - Next's redirect()/notFound() inside `run` are its control flow: audited as done, then rethrown.
 * - The wrapper's own refusals are worded in the person's language (their saved choice, else the
 *   language cookie, else the browser's); `run` words its own ActionErrors.
 * - The audit row is written after `run`, outside any transaction: `run` may call the provider,
 *   and a transaction held open across that would block every other query on PGlite. If the row
 *   cannot be written the action's result still stands, and the failure is logged.
 */

export type FieldErrors = Record<string, string[]>;
export type ActionResult<T = null> =
  | { ok: true; data: T }
  | {
      ok: false;
      message: string;
      fieldErrors: FieldErrors;
      /** A fresh second-factor check is needed first (lib/auth/step-up.ts); the console asks and sends again. */
      stepUp?: true;
      /** What the message names, to open (the requests that stand in the way, …). */
      links?: ActionLink[];
    };
export interface ActionLink {
  href: string;
  label: string;
}
export type ActionInput = FormData | Record<string, unknown>;
/** Fits useActionState (previous state, FormData) and `<form action>` (FormData) alike. */
export type ServerAction<T> = (previous?: unknown, input?: ActionInput) => Promise<ActionResult<T>>;

/** A permission, or: any signed-in person ("signed-in"), or nobody in particular ("public": sign-in, sign-out). */
export type Access = Permission | "signed-in" | "public";

export interface ActionContext<A extends Access, I, M extends boolean> {
  input: I;
  session: A extends "public" ? StaffSession | null : StaffSession;
  merchant: M extends true ? MerchantSummary : null;
  /** The merchant's whole row (its sealed provider keys among it), read with the merchant when `merchantRow` asks for it. */
  merchantRow?: MerchantRow;
  db: Db;
  ip: string | null;
}

export interface ActionOptions<A extends Access, S extends z.ZodType, M extends boolean, T> {
  permission: A;
  schema: S;
  /** The input's `merchantId` must name a merchant in the caller's scope; it is handed to `run`. */
  merchantScoped?: M;
  /** With `merchantScoped`: read the merchant's whole row in the same statement and hand it to `run` (an action that calls the provider next). */
  merchantRow?: boolean;
  /** The audit log's name for this action (`payout.create`), or false when `run` audits itself or it changes no business data. */
  audit: AuditAction | false;
  /** What the audit row says was acted on (a request id…). */
  target?: (input: z.output<S>, data: T) => string | null | undefined;
  /**
   * Needs a fresh second-factor check within 5 minutes from a person who has a second factor
   * (lib/auth/step-up.ts): always, or when this says so for the input (a Pay-Out above the threshold).
   */
  stepUp?: true | ((input: z.output<S>, merchant: M extends true ? MerchantSummary : null) => boolean);
  /**
   * The one action a person still on a one-time password may take besides the public ones (signing
   * out, the language): choosing their own password. Every other action refuses them, "signed-in"
   * ones too — a session holding a one-time password may be a thief's (one such session once planted a passkey).
   */
  whileMustChangePassword?: true;
  run(context: ActionContext<A, z.output<S>, M>): Promise<T>;
}

/** A failure `run` wants the person to see, worded for them. */
export class ActionError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: FieldErrors = {},
    readonly outcome: Extract<AuditOutcome, "failed" | "denied" | "not_found"> = "failed",
    readonly links: ActionLink[] = [],
  ) {
    super(message);
    this.name = "ActionError";
  }
}

const english = actionMessages("en");
/** The wrapper's refusals in English (lib/i18n/action-messages.ts has both languages). */
export const ACTION_MESSAGES = {
  signedOut: english.signedOut,
  merchantNotFound: english.merchantNotFound,
  invalid: english.invalid,
  choosePasswordFirst: english.choosePasswordFirst,
  missingField: english.missingField,
  nulCharacter: english.nulCharacter,
} as const;

export { deniedMessage };

const definedActions = new WeakMap<object, Access>();

/** True for a function built by defineAction (the registry test's check). */
export function isDefinedAction(value: unknown): boolean {
  return typeof value === "function" && definedActions.has(value);
}

/** Who may call an action defineAction built; undefined for anything else. */
export function accessOf(value: unknown): Access | undefined {
  return typeof value === "function" ? definedActions.get(value) : undefined;
}

export function defineAction<A extends Access, S extends z.ZodType, T, M extends boolean = false>(
  options: ActionOptions<A, S, M, T>,
): ServerAction<T> {
  if (options.permission === "public" && options.merchantScoped) throw new Error("a public action cannot be merchant-scoped");
  const action: ServerAction<T> = async (previous, input) => {
    const started = performance.now();
    let outcome: "ok" | "refused" | "failed" | "redirected" = "failed";
    try {
      const result = await inSpan(`action ${options.audit || "unaudited"}`, {}, () => throughTheDoor(options, previous, input));
      outcome = result.ok ? "ok" : answeredWithReference.has(result) ? "failed" : "refused";
      return result;
    } catch (error) {
      // What failed before `run` (the database or the session unreadable: an outage) is answered
      // as `run`'s own failures are, with a reference and one log line, never Next's 500 and stack.
      if (isNextControlFlow(error)) {
        outcome = "redirected";
        throw error;
      }
      const reference = `E-${randomBytes(3).toString("hex").toUpperCase()}`;
      log("action").error("failed before it could run", { audit: options.audit || "unaudited", reference, error });
      const requestHeaders = await headers().catch(() => new Headers());
      return failure(actionMessages(localeOf(null, requestHeaders)).unexpected(reference));
    } finally {
      recordAction(options.audit || "unaudited", outcome, (performance.now() - started) / 1_000);
    }
  };
  definedActions.set(action, options.permission);
  return action;
}

async function throughTheDoor<A extends Access, S extends z.ZodType, T, M extends boolean>(
  options: ActionOptions<A, S, M, T>,
  previous: unknown,
  input: ActionInput | undefined,
): Promise<ActionResult<T>> {
  // `<form action={fn}>` passes the FormData first; useActionState passes (state, FormData).
  const raw = input ?? (previous instanceof FormData ? previous : {});
  const fields = raw instanceof FormData ? formDataToInput(raw, options.schema) : raw;
  const db = await getDb();
  const merchantId = typeof fields.merchantId === "string" ? fields.merchantId : null;
  // The merchant's whole row is read beside the session (one round trip less on every create) and
  // used only once the session's scope includes it; an id no merchant could have is not looked up
  // (it is "not found", as an unknown one is).
  const earlyRow =
    options.merchantScoped && options.merchantRow && merchantId && isPossibleMerchantId(merchantId) ? getMerchantRow(db, merchantId) : null;
  earlyRow?.catch(() => undefined); // awaited below when used; a refusal before that must not leave it unhandled
  const session = await currentSession();
  const requestHeaders = await headers();
  const ip = clientIpFrom(requestHeaders);
  // Worked out only when there is a refusal to word: the way through reads no cookie.
  const words = async () => actionMessages(localeOf(session?.locale, requestHeaders));
  const audit = async (
    outcome: AuditOutcome,
    extra: { merchantId?: string | null; target?: string | null; data?: Record<string, unknown> } = {},
  ) => {
    if (options.audit === false) return;
    try {
      await recordAudit(db, { actorId: session?.userId ?? null, action: options.audit, outcome, ip, ...extra });
    } catch (error) {
      log("action").error("the audit row could not be written", { audit: options.audit, outcome, error });
    }
  };

  if (!session && options.permission !== "public") return failure((await words()).signedOut);
  // Someone still on a one-time password may only choose their own (and sign out, switch language).
  if (session?.mustChangePassword && options.permission !== "public" && options.whileMustChangePassword !== true) {
    await audit("denied", { data: { reason: "must change password" } });
    return failure((await words()).choosePasswordFirst);
  }
  // A role that must use a second factor, without one: only enrolling (and signing out, the language).
  if (session?.mustEnrolSecondFactor && options.permission !== "public" && options.permission !== "signed-in") {
    await audit("denied", { data: { reason: "must enrol a second factor" } });
    return failure((await words()).enrolSecondFactorFirst);
  }

  let merchant: MerchantSummary | null = null;
  let merchantRow: MerchantRow | undefined;
  if (options.merchantScoped) {
    if (merchantId && session && options.merchantRow) {
      const found = earlyRow && inMerchantScope(session, merchantId) ? await earlyRow : undefined;
      merchant = found?.summary ?? null;
      merchantRow = found?.row;
    } else merchant = merchantId && session ? ((await getMerchantInScope(db, session, merchantId)) ?? null) : null;
    if (!merchant) {
      await audit("not_found", { merchantId });
      return failure((await words()).merchantNotFound);
    }
  }

  const permission = options.permission;
  if (permission !== "public" && permission !== "signed-in" && !can(session?.role, permission)) {
    await audit("denied", { merchantId });
    return failure(deniedMessage(permission, localeOf(session?.locale, requestHeaders)));
  }

  const withNul = fieldsHoldingNul(fields);
  if (withNul.length > 0) {
    const t = await words();
    return failure(t.invalid, Object.fromEntries(withNul.map((name) => [name, [t.nulCharacter]])));
  }

  const parsed = options.schema.safeParse(fields, { error: missingFieldMessage });
  if (!parsed.success) {
    const flat = z.flattenError(parsed.error);
    const t = await words();
    return failure(flat.formErrors[0] ?? t.invalid, inLanguage(flat.fieldErrors as FieldErrors, t.missingField));
  }

  const stepUp = options.stepUp === true || (typeof options.stepUp === "function" && options.stepUp(parsed.data, merchant as never));
  if (stepUp && session && needsStepUp(session)) {
    await audit("denied", { merchantId, data: { reason: "step-up required" } });
    return { ...failure((await words()).stepUpRequired), stepUp: true };
  }

  const context = { input: parsed.data, session, merchant, merchantRow, db, ip } as ActionContext<A, z.output<S>, M>;
  try {
    const data = await options.run(context);
    await audit("ok", { merchantId, target: options.target?.(parsed.data, data) ?? null });
    return { ok: true, data };
  } catch (error) {
    if (isNextControlFlow(error)) {
      await audit("ok", { merchantId });
      throw error;
    }
    if (error instanceof ActionError) {
      await audit(error.outcome, { merchantId, data: { message: error.message } });
      const refused = failure(error.message, error.fieldErrors);
      return error.links.length > 0 ? { ...refused, links: error.links } : refused;
    }
    const reference = `E-${randomBytes(3).toString("hex").toUpperCase()}`;
    log("action").error("failed", { audit: options.audit || "unaudited", reference, error });
    await audit("error", { merchantId, data: { reference } });
    const failed = failure((await words()).unexpected(reference));
    answeredWithReference.add(failed);
    return failed;
  }
}

/** The results that answer an unexpected failure with a reference: counted as failed, not refused. */
const answeredWithReference = new WeakSet<object>();

/**
 * An empty input arrives as undefined (lib/auth/form-input.ts), and zod's own words for that are
 * "Invalid input: expected string, received undefined". A schema's own message still wins.
 */
function missingFieldMessage(issue: { code?: string; input?: unknown }): string | undefined {
  return issue.code === "invalid_type" && issue.input === undefined ? ACTION_MESSAGES.missingField : undefined;
}

/** The missing-field sentence goes into zod's error map in English; here it takes the person's language. */
function inLanguage(fieldErrors: FieldErrors, missingField: string): FieldErrors {
  return Object.fromEntries(
    Object.entries(fieldErrors).map(([field, messages]) => [
      field,
      messages.map((m) => (m === ACTION_MESSAGES.missingField ? missingField : m)),
    ]),
  );
}

function failure(message: string, fieldErrors: FieldErrors = {}): { ok: false; message: string; fieldErrors: FieldErrors } {
  return { ok: false, message, fieldErrors };
}

/** redirect(), notFound(), forbidden()… throw errors Next must receive unchanged. */
function isNextControlFlow(error: unknown): boolean {
  try {
    unstable_rethrow(error);
    return false;
  } catch {
    return true;
  }
}

"use client";

import type { FieldErrors, UseFormRegister } from "react-hook-form";
import type { Locale } from "@/lib/i18n";
import { STAFF_ROLES } from "@/lib/staff/schemas";
import { translateStaffMessage } from "@/lib/staff/rule-messages";
import { FieldMessage } from "@/components/ui/field";
import { staffMessages, staffRoleHint, staffRoleLabel } from "./staff-messages";

export interface AccessShape {
  role: string;
  allMerchants: boolean;
  merchantIds: string[];
}

interface Props {
  idPrefix: string;
  register: UseFormRegister<AccessShape>;
  errors: FieldErrors<AccessShape>;
  /** Whether "every merchant" is ticked: the list is then moot, and hidden (its ticks are kept). */
  isAllMerchants: boolean;
  merchants: Array<{ id: string; displayName: string }>;
  locale: Locale;
}

/** A role (radio buttons, each with what it may do) and the merchants the person may use. */
export function AccessFields({ idPrefix, register, errors, isAllMerchants, merchants, locale }: Props) {
  const t = staffMessages(locale);
  const say = (text: string) => translateStaffMessage(locale, text);
  return (
    <>
      <fieldset aria-describedby={errors.role ? `${idPrefix}-role-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">{t.role}</legend>
        <div className="mt-2 space-y-2">
          {STAFF_ROLES.map((role) => (
            <label key={role} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                value={role}
                className="mt-1 h-4 w-4"
                aria-describedby={`${idPrefix}-role-${role}-hint`}
                {...register("role")}
              />
              <span>
                <span className="font-medium">{staffRoleLabel(t, role)}</span>
                <span id={`${idPrefix}-role-${role}-hint`} className="block text-slate-600">
                  {staffRoleHint(t, role)}
                </span>
              </span>
            </label>
          ))}
        </div>
        <FieldMessage id={`${idPrefix}-role-error`} error={errors.role} translate={say} />
      </fieldset>
      <fieldset aria-describedby={errors.merchantIds ? `${idPrefix}-merchants-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">{t.merchantAccess}</legend>
        <label className="mt-2 flex items-center gap-2 text-sm">
          <input type="checkbox" className="h-4 w-4" {...register("allMerchants")} />
          <span>{t.allMerchantsChoice}</span>
        </label>
        {merchants.length > 0 && !isAllMerchants && (
          <>
            <p className="mt-3 text-sm text-slate-700">{t.orChoose}</p>
            <div className="mt-1 grid gap-1 sm:grid-cols-2">
              {merchants.map((m) => (
                <label key={m.id} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" value={m.id} className="h-4 w-4" {...register("merchantIds")} />
                  <span>{m.displayName}</span>
                </label>
              ))}
            </div>
          </>
        )}
        <FieldMessage id={`${idPrefix}-merchants-error`} error={errors.merchantIds as { message?: string } | undefined} translate={say} />
      </fieldset>
    </>
  );
}

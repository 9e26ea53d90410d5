"use client";

import Link from "next/link";
import type { UseFormRegister } from "react-hook-form";
import type { ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { translateStaffMessage } from "@/lib/staff/rule-messages";
import { inviteStaffSchema } from "@/lib/staff/schemas";
import { AccessFields, type AccessShape } from "./access-fields";
import { SubmitButton } from "@/components/ui/button";
import { bindTextFields, FormNotice, TextField } from "@/components/ui/field";
import { merchantMessages } from "../merchants/merchant-messages";
import { OneTimePasswordNotice } from "./one-time-password-notice";
import { staffMessages } from "./staff-messages";
import { useActionForm } from "@/components/ui/use-action-form";

type Invited = { id: string; email: string; oneTimePassword: string };

/** Creates an account; the answer's one-time password is shown here once, then only its hash exists. */
export function InviteForm({
  action,
  merchants,
  locale,
}: {
  action: ServerAction<Invited>;
  merchants: Array<{ id: string; displayName: string }>;
  locale: Locale;
}) {
  const t = staffMessages(locale);
  const m = merchantMessages(locale);
  const say = (text: string) => translateStaffMessage(locale, text);
  const empty = { email: "", name: "", role: "viewer" as const, allMerchants: true, merchantIds: [] as string[] };
  const { form, onSubmit, formError, result, clearResult, isSubmitting } = useActionForm({
    schema: inviteStaffSchema,
    action,
    defaultValues: empty,
  });
  const { errors } = form.formState;
  const field = bindTextFields(form, say, "invite");

  if (result) {
    return (
      <div className="space-y-4">
        <OneTimePasswordNotice
          heading={t.invited(result.email)}
          password={result.oneTimePassword}
          label={t.oneTimePassword}
          hint={t.oneTimeHint}
          copy={m.copy}
          copied={m.copied}
        />
        <p className="flex gap-4 text-sm">
          <Link href={`/settings/staff/${result.id}`} className="text-brand-dark underline">
            {t.editPerson(result.email)}
          </Link>
          <button
            type="button"
            className="text-brand-dark underline"
            onClick={() => {
              form.reset(empty);
              clearResult();
            }}
          >
            {t.inviteAnother}
          </button>
          <Link href="/settings/staff" className="text-brand-dark underline">
            {t.backToStaff}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" data-testid="invite-form">
      <FormNotice error={formError && say(formError)} testId="invite" />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...field("email")} type="email" autoComplete="off" label={t.email} />
        <TextField {...field("name")} autoComplete="off" label={t.name} />
      </div>
      <AccessFields
        idPrefix="invite"
        register={form.register as unknown as UseFormRegister<AccessShape>}
        errors={errors}
        isAllMerchants={form.watch("allMerchants")}
        merchants={merchants}
        locale={locale}
      />
      <div className="flex items-center gap-4">
        <SubmitButton label={t.sendInvite} pendingLabel={t.inviting} isPending={isSubmitting} />
        <Link href="/settings/staff" className="text-sm text-slate-700 underline">
          {t.cancel}
        </Link>
      </div>
    </form>
  );
}

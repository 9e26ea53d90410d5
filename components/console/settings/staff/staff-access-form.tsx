"use client";

import { useRouter } from "next/navigation";
import type { UseFormRegister } from "react-hook-form";
import type { ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { translateStaffMessage } from "@/lib/staff/rule-messages";
import { staffAccessSchema } from "@/lib/staff/schemas";
import type { Role } from "@/lib/db/schema";
import { AccessFields, type AccessShape } from "./access-fields";
import { SubmitButton } from "@/components/ui/button";
import { bindTextFields, FormNotice, TextField } from "@/components/ui/field";
import { staffMessages } from "./staff-messages";
import { useActionForm } from "@/components/ui/use-action-form";

interface Props {
  action: ServerAction<{ userId: string }>;
  person: { id: string; name: string; role: Role; merchantIds: string[] | null };
  merchants: Array<{ id: string; displayName: string }>;
  locale: Locale;
}

/** A person's name, role and merchants. */
export function StaffAccessForm({ action, person, merchants, locale }: Props) {
  const t = staffMessages(locale);
  const say = (text: string) => translateStaffMessage(locale, text);
  const router = useRouter();
  const { form, onSubmit, formError, result, isSubmitting } = useActionForm({
    schema: staffAccessSchema,
    action,
    defaultValues: {
      userId: person.id,
      name: person.name,
      role: person.role,
      allMerchants: person.merchantIds === null,
      merchantIds: person.merchantIds ?? [],
    },
    onSuccess: () => router.refresh(),
  });
  const { errors } = form.formState;
  const field = bindTextFields(form, say, "access");
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" data-testid="staff-access-form">
      <FormNotice error={formError && say(formError)} success={result && t.accessSaved} testId="staff-access" />
      <TextField {...field("name")} autoComplete="off" label={t.name} className="max-w-md" />
      <AccessFields
        idPrefix="access"
        register={form.register as unknown as UseFormRegister<AccessShape>}
        errors={errors}
        isAllMerchants={form.watch("allMerchants")}
        merchants={merchants}
        locale={locale}
      />
      <SubmitButton label={t.saveAccess} pendingLabel={t.savingAccess} isPending={isSubmitting} />
    </form>
  );
}

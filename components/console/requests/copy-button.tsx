"use client";

import type { Locale } from "@/lib/i18n";
import { CopyButton as BaseCopyButton } from "@/components/ui/copy-button";
import { detailMessages } from "./detail-messages";

/** The console's copy button: the shared one, in the viewer's language. */
export function CopyButton({ value, label, locale }: { value: string; label: string; locale: Locale }) {
  const t = detailMessages(locale);
  return <BaseCopyButton value={value} label={label} labels={{ copy: t.copy, copied: t.copied, copyFailed: t.copyFailed }} />;
}

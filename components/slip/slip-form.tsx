"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { cleanReferenceHalf, NOTE_MAX_CHARS } from "@/lib/slips/image";
import type { SlipFormLabels } from "./messages";
import { prepareSlip } from "./prepare-slip";
import { SlipPicker } from "./slip-picker";

/**
 * The slip form: pick an image (camera or gallery), see it, give the reference halves (read from
 * the slip's QR when it has one), an optional note, a duplicate warning when the reference is
 * known, then the upload with its progress. A failed upload keeps the prepared image, so "try
 * again" needs no new pick. Everything goes through PayDesk's server (`base` + /duplicates, /upload).
 * Problems are kept as the name of their words, worded at render: the language can change under a
 * form that keeps its state (the slip page switches it in place).
 */
type Phase = "form" | "checking" | "duplicates" | "uploading" | "done" | "failed";
type Words = { [K in keyof SlipFormLabels]: SlipFormLabels[K] extends string ? K : never }[keyof SlipFormLabels];

const fill = (template: string, n: number) => template.replace("{n}", String(n));

export function SlipForm({ base, labels }: { base: string; labels: SlipFormLabels }) {
  const [phase, setPhase] = useState<Phase>("form");
  const [slip, setSlip] = useState<{ blob: Blob; url: string } | null>(null);
  const [fileError, setFileError] = useState<Words | null>(null);
  const [reading, setReading] = useState(false);
  const [first4, setFirst4] = useState("");
  const [last4, setLast4] = useState("");
  const [fromQr, setFromQr] = useState(false);
  const [refError, setRefError] = useState(false);
  const [note, setNote] = useState("");
  const [duplicates, setDuplicates] = useState(0);
  const [progress, setProgress] = useState(0);
  const [failure, setFailure] = useState<{ message: Words; canRetry: boolean } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => () => void (slip && URL.revokeObjectURL(slip.url)), [slip]);
  // Outcome screens take the focus, so screen readers announce them.
  useEffect(() => {
    if (phase === "done" || phase === "failed" || phase === "duplicates") heading.current?.focus();
  }, [phase]);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setFileError(null);
    // A bad pick keeps the slip chosen before it: nothing the customer did is lost.
    const prepared = await prepareSlip(file);
    if (!prepared.ok)
      return setFileError(prepared.problem === "not_image" ? "notImage" : prepared.problem === "too_large" ? "tooLarge" : "corrupt");
    setSlip({ blob: prepared.blob, url: URL.createObjectURL(prepared.blob) });
    setReading(true);
    try {
      const { readSlipReference } = await import("./read-slip-qr");
      const halves = readSlipReference(prepared.canvas);
      if (halves) {
        setFirst4(halves.first4);
        setLast4(halves.last4);
        setFromQr(true);
        setRefError(false);
      }
    } catch {
      // No readable QR: the customer types the reference, or leaves it out.
    } finally {
      setReading(false);
    }
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!slip) return setFileError("noImage");
    if (first4.length + last4.length > 0 && (first4.length !== 4 || last4.length !== 4)) return setRefError(true);
    if (first4.length === 4) {
      setPhase("checking");
      const count = await countDuplicates();
      if (count > 0) {
        setDuplicates(count);
        return setPhase("duplicates");
      }
    }
    await upload(0);
  };

  const countDuplicates = async (): Promise<number> => {
    try {
      const res = await fetch(`${base}/duplicates?${new URLSearchParams({ first4, last4 })}`, { cache: "no-store" });
      return res.ok ? ((await res.json()) as { count: number }).count : 0;
    } catch {
      return 0; // a failed check does not stop the upload (the provider records duplicates anyway, §4.6)
    }
  };

  const upload = (duplicatesSeen: number) =>
    new Promise<void>((resolve) => {
      if (!slip) return resolve();
      setPhase("uploading");
      setProgress(0);
      const form = new FormData();
      form.append("image", slip.blob, "slip.jpg");
      form.append("first4", first4);
      form.append("last4", last4);
      form.append("note", note);
      form.append("duplicatesSeen", String(duplicatesSeen));
      const xhr = new XMLHttpRequest();
      xhr.open("POST", `${base}/upload`);
      xhr.upload.onprogress = (e) => e.lengthComputable && setProgress(Math.round((e.loaded / e.total) * 100));
      xhr.onload = () => {
        let body: { problem?: string; mayHaveArrived?: boolean } = {};
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          // an HTML error page from a proxy: handled by status below
        }
        if (xhr.status === 200) setPhase("done");
        else fail(failureFor(xhr.status, body));
        resolve();
      };
      xhr.onerror = () => {
        fail({ message: "network", canRetry: true });
        resolve();
      };
      xhr.send(form);
    });

  const fail = (f: { message: Words; canRetry: boolean }) => {
    setFailure(f);
    setPhase("failed");
  };

  const failureFor = (status: number, body: { problem?: string; mayHaveArrived?: boolean }): { message: Words; canRetry: boolean } => {
    if (status === 410) return { message: "linkGone", canRetry: false };
    if (status === 409) return { message: body.problem === "already_paid" ? "alreadyPaid" : "requestEnded", canRetry: false };
    if (status === 429) return { message: "tooMany", canRetry: true };
    if (status === 503) return { message: "busy", canRetry: true };
    if (status === 502) return { message: body.mayHaveArrived ? "maybeArrived" : "providerFailed", canRetry: true };
    const problems: Record<string, Words> = {
      not_image: "notImage",
      too_large: "tooLarge",
      corrupt: "corrupt",
      empty: "noImage",
      no_image: "noImage",
      bad_reference: "badReference",
      note_too_long: "noteTooLong",
      note_nul: "noteNul",
    };
    return { message: problems[body.problem ?? ""] ?? "providerFailed", canRetry: true };
  };

  if (phase === "done")
    return (
      <section data-testid="slip-done" className="space-y-2 rounded-xl bg-teal-50 p-5 ring-1 ring-teal-600">
        <h2 ref={heading} tabIndex={-1} className="text-xl font-bold text-teal-900">
          <span aria-hidden="true">✓ </span>
          {labels.doneTitle}
        </h2>
        <p>{labels.doneBody}</p>
      </section>
    );

  if (phase === "failed" && failure)
    return (
      <section data-testid="slip-failed" className="space-y-3 rounded-xl bg-rose-50 p-5 ring-1 ring-rose-600">
        <h2 ref={heading} tabIndex={-1} className="text-xl font-bold text-rose-900">
          {labels.failedTitle}
        </h2>
        <p role="alert">{labels[failure.message]}</p>
        {failure.canRetry && (
          <button type="button" onClick={() => setPhase("form")} className={primary}>
            {labels.retry}
          </button>
        )}
      </section>
    );

  if (phase === "duplicates")
    return (
      <section data-testid="slip-duplicates" className="space-y-3 rounded-xl bg-amber-50 p-5 ring-1 ring-amber-500">
        <h2 ref={heading} tabIndex={-1} className="text-lg font-bold text-amber-950">
          {labels.dupTitle}
        </h2>
        <p>{fill(labels.dupBody, duplicates)}</p>
        <div className="flex flex-wrap gap-3">
          <button type="button" onClick={() => void upload(duplicates)} className={primary}>
            {labels.uploadAnyway}
          </button>
          <button type="button" onClick={() => setPhase("form")} className={secondary}>
            {labels.cancel}
          </button>
        </div>
      </section>
    );

  const busy = phase === "checking" || phase === "uploading";
  return (
    <form onSubmit={submit} noValidate className="space-y-5" data-testid="slip-form">
      <div className="space-y-2">
        <SlipPicker
          slipUrl={slip?.url ?? null}
          disabled={busy}
          error={fileError && labels[fileError]}
          labels={labels}
          onPick={(file) => void pick(file)}
        />
        {reading && <p className="text-sm text-slate-700">{labels.reading}</p>}
      </div>

      <fieldset className="space-y-2">
        <legend className="text-base font-semibold">{labels.refHeading}</legend>
        <p id="ref-hint" className="text-sm text-slate-700">
          {labels.refHint}
        </p>
        <div className="flex gap-3">
          {(
            [
              ["first4", labels.first4, first4, setFirst4],
              ["last4", labels.last4, last4, setLast4],
            ] as const
          ).map(([name, label, value, set]) => (
            <div key={name} className="flex-1">
              <label htmlFor={name} className="block text-sm">
                {label}
              </label>
              <input
                id={name}
                name={name}
                value={value}
                onChange={(e) => {
                  set(cleanReferenceHalf(e.target.value));
                  setRefError(false);
                }}
                // No maxLength: a pasted "AB-12" must become "AB12", not be cut to "AB-1" first.
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
                inputMode="text"
                aria-describedby={refError ? "ref-hint ref-error" : "ref-hint"}
                aria-invalid={refError ? true : undefined}
                className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 text-center font-mono text-xl tracking-widest uppercase"
              />
            </div>
          ))}
        </div>
        {fromQr && (
          <p role="status" className="text-sm text-teal-900" data-testid="ref-from-qr">
            {labels.refFromQr}
          </p>
        )}
        {refError && (
          <p id="ref-error" role="alert" className="text-sm font-medium text-rose-800">
            {labels.refBothOrNone}
          </p>
        )}
      </fieldset>

      <div className="space-y-1">
        <label htmlFor="note" className="block text-base font-semibold">
          {labels.note}
        </label>
        <textarea
          id="note"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={NOTE_MAX_CHARS}
          rows={2}
          aria-describedby="note-hint"
          className="w-full rounded-lg border border-slate-400 px-3 py-2"
        />
        <p id="note-hint" className="text-sm text-slate-700">
          {fill(labels.noteHint, NOTE_MAX_CHARS)}
        </p>
      </div>

      {phase === "uploading" && (
        <div>
          <progress value={progress} max={100} aria-label={labels.progress} className="h-3 w-full" />
        </div>
      )}
      <button type="submit" disabled={busy} className={`${primary} w-full`}>
        {phase === "checking" ? labels.checking : phase === "uploading" ? fill(labels.uploading, progress) : labels.upload}
      </button>
    </form>
  );
}

const primary =
  "rounded-lg bg-teal-700 px-5 py-3 text-base font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-70";
const secondary =
  "rounded-lg border-2 border-slate-400 px-5 py-3 text-base font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2";

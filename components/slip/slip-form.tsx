import { SvgIcon } from "@/components/ui/svg-icon";
import { NOTE_MAX_CHARS } from "@/lib/slips/image";
import type { SlipFailure } from "./failure";
import type { SlipFormLabels } from "./messages";

/*
 * The slip page's form and the parts it turns into (components/slip/slip-page.tsx says how they
 * are used): server markup only, no state and no handlers; the page's script (browser/slip.ts)
 * clones the <template>s and fills in the words of `data-words`.
 */

/**
 * The form as the server sends it: nothing picked yet. Each picker button is the label of its own
 * visually hidden file input ("take a photo" opens the camera at once: capture; "choose from the
 * gallery" offers every picture, a screenshot from the banking app being the usual case), so it
 * opens the picker without script, keeps the input's keyboard focus (the outline shows on the
 * button) and names the input for screen readers. Both inputs are named `image`: posted without
 * script, the one that holds a file is the slip (lib/slips/upload.ts).
 */
export function SlipForm({ base, labels }: { base: string; labels: SlipFormLabels }) {
  const fileInput = (id: string, capture: boolean) => (
    <input
      id={id}
      name="image"
      type="file"
      accept="image/*"
      capture={capture ? "environment" : undefined}
      aria-describedby="slip-image-hint"
      className="sr-only"
    />
  );
  return (
    <form
      method="post"
      action={`${base}/upload`}
      encType="multipart/form-data"
      noValidate
      className="space-y-5"
      data-testid="slip-form"
      data-slip-form={base}
    >
      <div className="space-y-2">
        <fieldset className="space-y-2">
          <legend className="text-base font-semibold">{labels.pickTitle}</legend>
          <p id="slip-image-hint" className="text-sm text-slate-700">
            {labels.pickHint}
          </p>
          <div className="space-y-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200" data-slot="picker">
            <p className="flex flex-col items-center gap-1 py-5 text-center text-slate-700" data-slot="no-slip">
              <span className="text-4xl">
                <SvgIcon name="image" d={IMAGE} />
              </span>
              {labels.noSlipYet}
            </p>
            <label className={`${pickButton} bg-teal-700 text-white`}>
              {fileInput("slip-camera", true)}
              <SvgIcon name="camera" d={CAMERA} />
              <span data-slot="camera">{labels.camera}</span>
            </label>
            <label className={`${pickButton} border-2 border-teal-700 bg-white text-teal-800`}>
              {fileInput("slip-image", false)}
              <SvgIcon name="image" d={IMAGE} />
              <span data-slot="gallery">{labels.gallery}</span>
            </label>
          </div>
          <div data-slot="image-error" />
        </fieldset>
        <div data-slot="reading" />
      </div>

      <fieldset className="space-y-2">
        <legend className="text-base font-semibold">{labels.refHeading}</legend>
        <p id="ref-hint" className="text-sm text-slate-700">
          {labels.refHint}
        </p>
        <div className="flex gap-3">
          {(
            [
              ["first4", labels.first4],
              ["last4", labels.last4],
            ] as const
          ).map(([name, label]) => (
            <div key={name} className="flex-1">
              <label htmlFor={name} className="block text-sm">
                {label}
              </label>
              <input
                id={name}
                name={name}
                // No maxLength: a pasted "AB-12" must become "AB12", not be cut to "AB-1" first (the script cleans it).
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
                inputMode="text"
                aria-describedby="ref-hint"
                className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 text-center font-mono text-xl tracking-widest uppercase"
              />
            </div>
          ))}
        </div>
        <div data-slot="ref-from-qr" />
        <div data-slot="ref-error" />
      </fieldset>

      <div className="space-y-1">
        <label htmlFor="note" className="block text-base font-semibold">
          {labels.note}
        </label>
        <textarea
          id="note"
          name="note"
          maxLength={NOTE_MAX_CHARS}
          rows={2}
          aria-describedby="note-hint"
          className="w-full rounded-lg border border-slate-400 px-3 py-2"
        />
        <p id="note-hint" className="text-sm text-slate-700">
          {labels.noteHint.replace("{n}", String(NOTE_MAX_CHARS))}
        </p>
      </div>

      <input type="hidden" name="duplicatesSeen" value="0" />
      <div data-slot="progress" />
      <button type="submit" className={`${primary} w-full`}>
        {labels.upload}
      </button>
    </form>
  );
}

export function SlipDone({ labels }: { labels: SlipFormLabels }) {
  return (
    <section data-testid="slip-done" className="space-y-2 rounded-xl bg-teal-50 p-5 ring-1 ring-teal-600">
      <h2 tabIndex={-1} className="text-xl font-bold text-teal-900">
        <span aria-hidden="true">✓ </span>
        {labels.doneTitle}
      </h2>
      <p>{labels.doneBody}</p>
    </section>
  );
}

/** A failed upload; "try again" is a link back to the form without script, a button with it (the picked slip is kept). */
export function SlipFailed({
  labels,
  failure,
  retryHref,
}: {
  labels: SlipFormLabels;
  failure: SlipFailure | null;
  retryHref: string | null;
}) {
  return (
    <section data-testid="slip-failed" className="space-y-3 rounded-xl bg-rose-50 p-5 ring-1 ring-rose-600">
      <h2 tabIndex={-1} className="text-xl font-bold text-rose-900">
        {labels.failedTitle}
      </h2>
      <p role="alert" data-slot="message">
        {failure && labels[failure.message]}
      </p>
      {retryHref ? (
        failure?.canRetry && (
          <a href={retryHref} className={`${primary} inline-block`}>
            {labels.retry}
          </a>
        )
      ) : (
        <button type="button" className={primary} data-action="retry">
          {labels.retry}
        </button>
      )}
    </section>
  );
}

/** What the script clones, in the page's language, and the words it fills in (plain strings, `{n}` filled there). */
export function SlipTemplates({ labels, languageFailed }: { labels: SlipFormLabels; languageFailed: string }) {
  return (
    <div hidden data-templates="" data-words={JSON.stringify(labels)}>
      <template id="tpl-slip-done">
        <SlipDone labels={labels} />
      </template>
      <template id="tpl-slip-failed">
        <SlipFailed labels={labels} failure={null} retryHref={null} />
      </template>
      <template id="tpl-slip-duplicates">
        <section data-testid="slip-duplicates" className="space-y-3 rounded-xl bg-amber-50 p-5 ring-1 ring-amber-500">
          <h2 tabIndex={-1} className="text-lg font-bold text-amber-950">
            {labels.dupTitle}
          </h2>
          <p data-slot="message" />
          <div className="flex flex-wrap gap-3">
            <button type="button" className={primary} data-action="upload-anyway">
              {labels.uploadAnyway}
            </button>
            <button type="button" className={secondary} data-action="cancel">
              {labels.cancel}
            </button>
          </div>
        </section>
      </template>
      <template id="tpl-slip-preview">
        {/* eslint-disable-next-line @next/next/no-img-element -- the customer's own file (a blob: URL) before it is sent: nothing to optimise */}
        <img alt={labels.preview} className="mx-auto max-h-80 rounded-lg ring-1 ring-slate-200" data-testid="slip-preview" />
      </template>
      <template id="tpl-image-error">
        <p id="slip-image-error" role="alert" className="text-sm font-medium text-rose-800" />
      </template>
      <template id="tpl-reading">
        <p className="text-sm text-slate-700">{labels.reading}</p>
      </template>
      <template id="tpl-ref-from-qr">
        <p role="status" className="text-sm text-teal-900" data-testid="ref-from-qr">
          {labels.refFromQr}
        </p>
      </template>
      <template id="tpl-ref-error">
        <p id="ref-error" role="alert" className="text-sm font-medium text-rose-800">
          {labels.refBothOrNone}
        </p>
      </template>
      <template id="tpl-progress">
        <progress value={0} max={100} aria-label={labels.progress} className="h-3 w-full" />
      </template>
      <template id="tpl-language-failed">
        <p
          role="alert"
          data-testid="language-failed"
          className="absolute right-0 top-full z-10 mt-2 w-64 rounded-lg bg-rose-50 p-2 text-sm text-rose-900 ring-1 ring-rose-600"
        >
          {languageFailed}
        </p>
      </template>
    </div>
  );
}

const primary =
  "rounded-lg bg-teal-700 px-5 py-3 text-base font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-70";
const secondary =
  "rounded-lg border-2 border-slate-400 px-5 py-3 text-base font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2";
// At least 48 px tall (12 px padding around a 24 px line): a thumb's target, whatever the language.
const pickButton =
  "flex w-full cursor-pointer items-center justify-center gap-2 rounded-lg px-4 py-3 text-center text-base font-semibold has-[:disabled]:opacity-70 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-slate-900";

// The slip page's own icons (components/ui/icons.tsx is the console's set): here, they reach no other page.
const CAMERA = "M3 7h3l1.5-2h5L14 7h3v9H3zM10 9a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z";
const IMAGE = "M3 4h14v12H3zM3 13l4-4 4 4 2-2 4 4M13 7.5v.01";

"use client";

import { SvgIcon } from "@/components/ui/svg-icon";
import type { SlipFormLabels } from "./messages";

/**
 * Where the slip image comes from: two large buttons, "take a photo" (the phone's camera opens at
 * once: capture) and "choose from the gallery" (a screenshot from the banking app, the usual
 * case), and the chosen image shown in the same box. Each button is the label of its own visually
 * hidden file input, so it opens the picker without script, keeps the input's keyboard focus (the
 * outline shows on the button) and gives the input its name for screen readers.
 */
export function SlipPicker({
  slipUrl,
  disabled,
  error,
  labels,
  onPick,
}: {
  slipUrl: string | null;
  disabled: boolean;
  error: string | null;
  labels: SlipFormLabels;
  onPick: (file: File | undefined) => void;
}) {
  const describedBy = error ? "slip-image-hint slip-image-error" : "slip-image-hint";
  const input = (id: string, capture: boolean) => (
    <input
      id={id}
      type="file"
      accept="image/*"
      capture={capture ? "environment" : undefined}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
      onChange={(e) => {
        onPick(e.target.files?.[0]);
        // The same file can be picked again (after a failed upload, say): a change needs a new value.
        e.target.value = "";
      }}
      className="sr-only"
    />
  );
  return (
    <fieldset className="space-y-2">
      <legend className="text-base font-semibold">{labels.pickTitle}</legend>
      <p id="slip-image-hint" className="text-sm text-slate-700">
        {labels.pickHint}
      </p>
      <div className="space-y-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
        {slipUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- the customer's own file (a blob: URL) before it is sent: nothing to optimise
          <img
            src={slipUrl}
            alt={labels.preview}
            className="mx-auto max-h-80 rounded-lg ring-1 ring-slate-200"
            data-testid="slip-preview"
          />
        ) : (
          <p className="flex flex-col items-center gap-1 py-5 text-center text-slate-700">
            <span className="text-4xl">
              <SvgIcon name="image" d={IMAGE} />
            </span>
            {labels.noSlipYet}
          </p>
        )}
        <label className={`${button} bg-teal-700 text-white`}>
          {input("slip-camera", true)}
          <SvgIcon name="camera" d={CAMERA} />
          {slipUrl ? labels.cameraAgain : labels.camera}
        </label>
        <label className={`${button} border-2 border-teal-700 bg-white text-teal-800`}>
          {input("slip-image", false)}
          <SvgIcon name="image" d={IMAGE} />
          {slipUrl ? labels.galleryAgain : labels.gallery}
        </label>
      </div>
      {error && (
        <p id="slip-image-error" role="alert" className="text-sm font-medium text-rose-800">
          {error}
        </p>
      )}
    </fieldset>
  );
}

// At least 48 px tall (12 px padding around a 24 px line): a thumb's target, whatever the language.
const button =
  "flex w-full cursor-pointer items-center justify-center gap-2 rounded-lg px-4 py-3 text-center text-base font-semibold has-[:disabled]:opacity-70 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-slate-900";

// The slip page's own icons (components/ui/icons.tsx is the console's set): here, they reach no other page.
const CAMERA = "M3 7h3l1.5-2h5L14 7h3v9H3zM10 9a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z";
const IMAGE = "M3 4h14v12H3zM3 13l4-4 4 4 2-2 4 4M13 7.5v.01";

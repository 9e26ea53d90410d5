/**
 * Small inline SVG icons. Not Unicode symbols: glyphs such as ⏸ or ⌛ have no shape in common
 * Linux and Android fonts and show as empty boxes. Decorative: the words beside them carry the meaning.
 */
import { CHECK_PATH, SvgIcon } from "./svg-icon";

export type IconName = "pause" | "send" | "question" | "clock" | "check" | "cross" | "hourglass" | "dash" | "alert";

const PATHS: Record<IconName, string> = {
  pause: "M6 4v12M14 4v12",
  send: "M6 14 14 6M8 6h6v6",
  question: "M7.5 7.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7M10 15v.01",
  clock: "M10 3a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM10 6v4l3 2",
  check: CHECK_PATH,
  cross: "M5 5l10 10M15 5 5 15",
  hourglass: "M6 3h8M6 17h8M7 3c0 4 6 4 6 7s-6 3-6 7M13 3c0 4-6 4-6 7s6 3 6 7",
  dash: "M5 10h10",
  alert: "M10 4v7M10 15v.01",
};

export function Icon({ name }: { name: IconName }) {
  return <SvgIcon name={name} d={PATHS[name]} />;
}

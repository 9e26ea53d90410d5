/**
 * A raw record (a webhook's body, a timeline entry's data, the provider's answer) in its own box.
 * Long lines wrap inside it, anywhere if they must (a 2,000-character token has no space), and a
 * tall one scrolls within the box: a record never widens the page, on a desktop or a phone.
 * Focusable, so the scrolled part is reachable from the keyboard.
 */
export function RawJson({ text, testId, tall = false }: { text: string; testId?: string; tall?: boolean }) {
  return (
    <pre
      tabIndex={0}
      data-testid={testId}
      className={`mt-1 ${tall ? "max-h-96" : "max-h-64"} max-w-full overflow-auto whitespace-pre-wrap rounded bg-slate-100 p-2 text-xs [overflow-wrap:anywhere]`}
    >
      {text}
    </pre>
  );
}

/** Next hands an error boundary only this digest of a server error in a production build. */
export function digestOf(error: unknown): string | null {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === "string" && digest !== "" ? digest : null;
}

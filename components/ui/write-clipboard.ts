/**
 * Writes a value to the clipboard: the Clipboard API, else (an insecure origin, an old in-app
 * browser) a hidden field selected and copied. False when both fail. No imports: the console's
 * CopyButton and the hosted checkout's own script share it.
 */
export async function writeClipboard(value: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    const field = document.createElement("textarea");
    field.value = value;
    field.setAttribute("readonly", "");
    field.style.position = "fixed";
    field.style.opacity = "0";
    document.body.appendChild(field);
    field.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    } finally {
      field.remove();
    }
  }
}

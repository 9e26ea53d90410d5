"use client";

import { useEffect, useState } from "react";

/**
 * For what a page does not need on its first screen (a QR, a demo-only panel): render it, and so
 * fetch its code, only after the page has loaded, so a phone spends its first seconds on what was
 * asked for.
 */
/** True once the page's load event has passed and the browser has had an idle moment (at most 2 s later). */
export function useLoadedAndIdle(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let handle = 0;
    const go = () => setReady(true);
    const idle = () =>
      (handle = "requestIdleCallback" in window ? requestIdleCallback(go, { timeout: 2_000 }) : Number(setTimeout(go, 200)));
    if (document.readyState === "complete") idle();
    else window.addEventListener("load", idle, { once: true });
    return () => {
      window.removeEventListener("load", idle);
      if ("cancelIdleCallback" in window) cancelIdleCallback(handle);
      else clearTimeout(handle);
    };
  }, []);
  return ready;
}

"use client";

import { lazy, Suspense, type ComponentProps } from "react";
import { useLoadedAndIdle } from "@/components/ui/use-loaded-and-idle";

const SandboxPanel = lazy(() => import("./sandbox-panel").then((module) => ({ default: module.SandboxPanel })));

/**
 * The sandbox's controls (demo mode only, folded at the bottom of a request's page) with their
 * form kit and schema, fetched once the page has loaded and the browser is idle: they play the bank
 * and the provider, they are not what the page is opened for.
 */
export function SandboxPanelSlot(props: ComponentProps<typeof SandboxPanel>) {
  const ready = useLoadedAndIdle();
  return ready ? (
    <Suspense fallback={null}>
      <SandboxPanel {...props} />
    </Suspense>
  ) : null;
}

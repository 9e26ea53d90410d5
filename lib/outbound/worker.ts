import "server-only";
import { deliverDue, type DeliverOptions } from "./deliver";

/**
 * The process's outbound delivery loop: every `pollMs`, the deliveries that are due (leased, so
 * every instance may run one). A pass that fails is logged and the next one tries again.
 */
export function startOutboundWorker(options: DeliverOptions & { pollMs: number; log?: (message: string) => void }): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (stopped) return;
    running = deliverDue(options)
      .then((sent) => {
        // A full batch: more may be waiting, go again at once.
        if (sent >= (options.batchSize ?? 20)) return tick();
      })
      .catch((error: unknown) => options.log?.(`a delivery pass failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.pollMs);
      });
  };
  timer = setTimeout(tick, options.pollMs);
  timer.unref?.();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}

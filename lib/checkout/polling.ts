/** How often the checkout page asks for its status when it cannot hold the event stream (lib/checkout/limits.ts allows for it). */
export const STATUS_POLL_MS = 5_000;

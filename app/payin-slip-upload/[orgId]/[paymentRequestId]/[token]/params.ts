import type { SlipLink } from "@/lib/slips/link";

/** The slip link's three path segments, as the provider's slipUploadUrl spells them (docs/provider-facts.md §4.7). */
export type SlipSegments = { orgId: string; paymentRequestId: string; token: string };
export type SlipParams = Promise<SlipSegments>;

export async function slipLinkOf(params: SlipParams): Promise<SlipLink> {
  const { orgId, paymentRequestId, token } = await params;
  return { orgId, paymentRequestId, token };
}

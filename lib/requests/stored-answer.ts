import { z } from "zod";

/**
 * The provider's Pay-In answer as PayDesk stored it (payment_requests.provider_response: the
 * normalised payInResponseSchema output of lib/provider/schemas.ts). Read back defensively —
 * it is jsonb, and rows written by older versions may lack fields — by every reader: the console's
 * request page, the checkout page, the slip page.
 */
export const storedPayInAnswerSchema = z
  .looseObject({
    sessionId: z.string().nullish(),
    qrCode: z.string().nullish(),
    qrCodeImage: z.string().nullish(),
    isQrAvailable: z.boolean().nullish(),
    websocketPath: z.string().nullish(),
    payInBankCode: z.string().nullish(),
    payInBankAccountNo: z.string().nullish(),
    payInBankAccountName: z.string().nullish(),
    payInPromptPayId: z.string().nullish(),
    slipUploadUrl: z.string().nullish(),
  })
  .catch({});

export type StoredPayInAnswer = z.output<typeof storedPayInAnswerSchema>;

export function readStoredPayInAnswer(providerResponse: unknown): StoredPayInAnswer {
  return storedPayInAnswerSchema.parse(providerResponse ?? {});
}

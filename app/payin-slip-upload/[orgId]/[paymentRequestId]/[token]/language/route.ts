import { setPublicLocale } from "@/lib/i18n/public-locale";
import { slipBasePath, slipLinkOf, type SlipParams } from "../params";

/** GET …/language?to=th|en — remembers the customer's language and goes back to the slip page. */
export async function GET(request: Request, { params }: { params: SlipParams }): Promise<Response> {
  return setPublicLocale(request, slipBasePath(await slipLinkOf(params)));
}

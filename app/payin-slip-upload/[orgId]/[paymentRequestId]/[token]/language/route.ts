import { setPublicLocale } from "@/lib/i18n/public-locale";
import { definePublicRoute } from "@/lib/http/public-route";
import { slipPagePath } from "@/lib/http/public-paths";
import { slipLinkOf, type SlipSegments } from "../params";

/** GET …/language?to=th|en — remembers the customer's language and goes back to the slip page. */
export const GET = definePublicRoute<SlipSegments>({
  run: async ({ request, params }) => {
    return setPublicLocale(request, slipPagePath(await slipLinkOf(params)));
  },
});

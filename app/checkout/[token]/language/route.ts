import { setPublicLocale } from "@/lib/i18n/public-locale";
import { definePublicRoute } from "@/lib/http/public-route";

/** GET /checkout/<token>/language?to=th|en — remembers the customer's language and goes back to the page. */
export const GET = definePublicRoute<{ token: string }>({
  run: async ({ request, params }) => {
    const { token } = await params;
    return setPublicLocale(request, `/checkout/${encodeURIComponent(token)}`);
  },
});

import { setPublicLocale } from "@/lib/i18n/public-locale";

/** GET /checkout/<token>/language?to=th|en — remembers the customer's language and goes back to the page. */
export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  return setPublicLocale(request, `/checkout/${encodeURIComponent(token)}`);
}

import { E2E } from "./config";

/** What the run's mail server (e2e/support/mail-inbox.ts) has received so far. */
export async function receivedMail(): Promise<Array<{ to: string[]; subject: string; text: string; headers: string }>> {
  return (await fetch(`${E2E.mail!.inboxUrl}/messages`)).json();
}

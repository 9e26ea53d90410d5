"use server";

import { defineAction } from "@/lib/auth/action";
import { saveNotificationChoices } from "@/lib/notify/choices";
import { notificationChoicesSchema } from "@/lib/notify/choice-schema";
import { unlinkPerson } from "@/lib/line/linking";
import { lineKindsFor, saveLineChoices } from "@/lib/line/people";
import { emptySchema, lineChoicesSchema } from "@/lib/line/schemas";

export const saveNotificationChoicesAction = defineAction({
  permission: "signed-in",
  schema: notificationChoicesSchema,
  audit: "staff.notification-choices",
  run: async ({ input, session, db }) => {
    await saveNotificationChoices(db, session.userId, input);
    return { userId: session.userId };
  },
  target: (_input, data) => data.userId,
});

/** LINE (lib/line): which messages the person gets by LINE, of those their role gets at all. */
export const saveLineChoicesAction = defineAction({
  permission: "signed-in",
  schema: lineChoicesSchema,
  audit: "account.line-choices",
  run: async ({ input, session, db }) => {
    await saveLineChoices(db, session.userId, lineKindsFor(session.role), input.kinds);
    return { userId: session.userId };
  },
  target: (_input, data) => data.userId,
});

/** Unlinks the person's LINE account from PayDesk's side: nothing more is sent to it. */
export const unlinkLineAction = defineAction({
  permission: "signed-in",
  schema: emptySchema,
  audit: "account.line-unlink",
  run: async ({ session, db }) => {
    await unlinkPerson(db, session.userId);
    return { userId: session.userId };
  },
  target: (_input, data) => data.userId,
});

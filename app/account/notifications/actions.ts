"use server";

import { defineAction } from "@/lib/auth/action";
import { saveNotificationChoices } from "@/lib/notify/choices";
import { notificationChoicesSchema } from "@/lib/notify/choice-schema";

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

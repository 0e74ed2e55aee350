/** Top-right toasts: failures show the server's message (SPEC §8), successes the server's wording. */
import { useMemo } from "react";

import { isApiError } from "../api/client.ts";
import { i18nProvider } from "../i18n/i18n.ts";
import { closable } from "../providers/notification-provider.ts";
import { useFeedback } from "../providers/feedback.tsx";

export function useToast() {
  const { notification } = useFeedback();
  return useMemo(
    () => ({
      success: (message: string, durationSeconds = 4.5) =>
        notification.success({ message, placement: "topRight", duration: durationSeconds, closable: closable() }),
      error: (e: unknown, fallback?: string) =>
        notification.error({
          message: isApiError(e) ? e.message : e instanceof Error ? e.message : (fallback ?? i18nProvider.translate("common.somethingWentWrong")),
          placement: "topRight",
          closable: closable(),
        }),
    }),
    [notification],
  );
}

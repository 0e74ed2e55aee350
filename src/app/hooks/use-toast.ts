/** Top-right toasts: failures show the server's message (SPEC §8), successes the server's wording. */
import { useMemo } from "react";
import { App } from "antd";
import { isApiError } from "../api/client.ts";

export function useToast() {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      success: (message: string, durationSeconds = 4.5) => notification.success({ message, placement: "topRight", duration: durationSeconds }),
      error: (e: unknown, fallback = "Something went wrong. Please try again.") =>
        notification.error({
          message: isApiError(e) ? e.message : e instanceof Error ? e.message : fallback,
          placement: "topRight",
        }),
    }),
    [notification],
  );
}

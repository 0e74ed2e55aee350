/**
 * Refine's antd notifications (as @refinedev/antd's provider shows them), with their close button
 * named in the reader's language: rc-notification names it "Close" in English unless the notice's
 * `closable` names it (issue 30). Progress (undoable) notices look as Refine's own; their body loads
 * when the first opens (./undoable-notification.tsx).
 */
import { createElement, Fragment } from "react";
import type { NotificationProvider } from "@refinedev/core";

import { i18nProvider } from "../i18n/i18n.ts";
import { useFeedback } from "./feedback.tsx";

/**
 * A notice's close button, named in the reader's language. rc-notification draws it as an `<a>`
 * without href, which may carry a name only with a role (axe: aria-prohibited-attr): a button.
 */
export const closable = () => ({ "aria-label": i18nProvider.translate("common.close"), role: "button" });

export function useNotificationProvider(): NotificationProvider {
  const { notification } = useFeedback();
  return {
    open: (params) => {
      if (params.type === "progress") {
        const { key, message, cancelMutation, undoableTimeout } = params;
        void import("./undoable-notification.tsx").then(({ UndoableNotification }) =>
          notification.open({
            key,
            description: createElement(UndoableNotification, {
              message,
              undoableTimeout,
              cancelMutation: () => {
                cancelMutation?.();
                notification.destroy(key ?? "");
              },
            }),
            message: null,
            duration: 0,
            closeIcon: createElement(Fragment),
          }),
        );
        return;
      }
      notification.open({
        key: params.key,
        description: params.message,
        message: params.description ?? null,
        type: params.type,
        closable: closable(),
      });
    },
    close: (key) => notification.destroy(key),
  };
}

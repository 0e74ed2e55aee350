/**
 * Refine's antd notifications, with their close button named in the reader's language: rc-notification
 * names it "Close" in English unless the notice's `closable` names it (issue 30). Progress (undoable)
 * notices are Refine's own, unchanged.
 */
import type { NotificationProvider } from "@refinedev/core";
import { useNotificationProvider as useAntdNotificationProvider } from "@refinedev/antd";
import { App } from "antd";
import { i18nProvider } from "../i18n/i18n.ts";

/**
 * A notice's close button, named in the reader's language. rc-notification draws it as an `<a>`
 * without href, which may carry a name only with a role (axe: aria-prohibited-attr): a button.
 */
export const closable = () => ({ "aria-label": i18nProvider.translate("common.close"), role: "button" });

export function useNotificationProvider(): NotificationProvider {
  const refine = useAntdNotificationProvider();
  const { notification } = App.useApp();
  return {
    open: (params) => {
      if (params.type === "progress") return refine.open(params);
      notification.open({
        key: params.key,
        description: params.message,
        message: params.description ?? null,
        type: params.type,
        closable: closable(),
      });
    },
    close: refine.close,
  };
}

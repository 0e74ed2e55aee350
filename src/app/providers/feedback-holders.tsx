/**
 * antd's message, notification and confirm-dialog holders (what antd's App renders), loaded after
 * the first paint by ./feedback.tsx; says when they are mounted, so calls can reach them.
 */
import { useEffect } from "react";
import { message, Modal, notification } from "antd";
import type { FeedbackApis } from "./feedback.tsx";

export default function FeedbackHolders({ onReady }: { onReady: (apis: FeedbackApis) => void }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [modalApi, modalHolder] = Modal.useModal();
  // After the holders above have mounted: antd's instances drop a call made before that.
  useEffect(() => onReady({ message: messageApi, notification: notificationApi, modal: modalApi }), [onReady, messageApi, notificationApi, modalApi]);
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}

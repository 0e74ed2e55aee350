/**
 * The body of an undoable mutation's notice (Refine's "progress" notification): a countdown ring,
 * the message and an undo button, as @refinedev/antd draws it. Its own file, loaded when such a
 * notice first opens: importing Refine's provider put @refinedev/antd (its layout, menu, drawer)
 * in the first page's download.
 */
import type { ReactNode } from "react";
import { Button, Progress } from "antd";
import { UndoOutlined } from "@ant-design/icons";

export function UndoableNotification({
  message,
  undoableTimeout,
  cancelMutation,
}: {
  message: ReactNode;
  undoableTimeout?: number;
  cancelMutation: () => void;
}) {
  return (
    <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between", marginTop: "-7px" }}>
      <Progress type="circle" percent={(undoableTimeout ?? 0) * 20} format={(time) => time && time / 20} size={50} strokeColor="#1890ff" status="normal" />
      <span style={{ marginLeft: 8, width: "100%" }}>{message}</span>
      <Button style={{ flexShrink: 0 }} onClick={cancelMutation} disabled={undoableTimeout === 0} icon={<UndoOutlined />} />
    </div>
  );
}

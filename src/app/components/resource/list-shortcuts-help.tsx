/** The `?` dialog: the keyboard shortcuts of lists and of the whole console (loaded when first asked for). */
import { useTranslate } from "@refinedev/core";
import { Modal, Typography } from "antd";

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

export function ListShortcutsHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslate();
  // The keys' names stay as printed on the keyboard.
  const shortcuts: [keys: string[], what: string][] = [
    [["/"], t("resource.shortcuts.search")],
    [["j"], t("resource.shortcuts.next")],
    [["k"], t("resource.shortcuts.previous")],
    [["Enter"], t("resource.shortcuts.open")],
    [["?"], t("resource.shortcuts.help")],
    [[isMac ? "⌘" : "Ctrl", "K"], t("resource.shortcuts.palette")],
  ];
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t("resource.shortcuts.title")}>
      <table aria-label={t("resource.shortcuts.title")} style={{ width: "100%" }}>
        <tbody>
          {shortcuts.map(([keys, what]) => (
            <tr key={what}>
              <td style={{ padding: "4px 16px 4px 0", whiteSpace: "nowrap" }}>
                {keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && " + "}
                    <Typography.Text keyboard>{k}</Typography.Text>
                  </span>
                ))}
              </td>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}

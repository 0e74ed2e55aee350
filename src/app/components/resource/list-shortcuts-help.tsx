/** The `?` dialog: the keyboard shortcuts of lists and of the whole console (loaded when first asked for). */
import { Modal, Typography } from "antd";

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

const SHORTCUTS: [keys: string[], what: string][] = [
  [["/"], "Focus the search box"],
  [["j"], "Highlight the next row"],
  [["k"], "Highlight the previous row"],
  [["Enter"], "Open the highlighted row"],
  [["?"], "Show these shortcuts"],
  [[isMac ? "⌘" : "Ctrl", "K"], "Open the command palette"],
];

export function ListShortcutsHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onCancel={onClose} footer={null} title="Keyboard shortcuts">
      <table aria-label="Keyboard shortcuts" style={{ width: "100%" }}>
        <tbody>
          {SHORTCUTS.map(([keys, what]) => (
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

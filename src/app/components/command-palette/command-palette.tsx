/**
 * The command palette (issue 15): cmdk inside an antd Modal named "Command palette". Typing filters
 * the member's pages and actions at once and, from 2 characters, searches beneficiaries, customers
 * and transactions; arrows move, Enter opens, Esc closes. Loaded lazily by launcher.tsx.
 */
import { Suspense, useEffect, useMemo, useRef, useState, type CSSProperties } from "react";
import { useNavigate } from "react-router";
import { Command } from "cmdk";
import { Modal, theme } from "antd";
import { useTranslate } from "@refinedev/core";
import { SendOutlined, SwapOutlined, TeamOutlined, UserOutlined, WalletOutlined } from "@ant-design/icons";
import { useSession } from "../../session/session.tsx";
import { lazyNamed } from "../../lib/lazy.ts";
import { translatedMenu } from "../../navigation.tsx";
import { actionEntries, pageEntries, type PaletteEntry, type PaletteTarget } from "./palette-entries.tsx";
import { searchSources } from "./search-sources.ts";
import { matchSections } from "./match-entries.ts";
import { usePaletteSearch } from "./use-palette-search.ts";
import { PaletteItem } from "./palette-item.tsx";
import "./command-palette.css";

// The same modal the dashboard's approvals banner opens; fetched only when asked for.
const ApprovalsModal = lazyNamed(() => import("../approvals/approvals-modal.tsx"), "ApprovalsModal");

const RESULT_ICONS: Record<string, React.ReactNode> = {
  beneficiaries: <TeamOutlined />,
  customers: <UserOutlined />,
  transactions: <SwapOutlined />,
  "crypto-transactions": <WalletOutlined />,
};

/** The title names the dialog for assistive technology; sighted members see the input instead. */
const visuallyHidden: CSSProperties = {
  position: "absolute",
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  border: 0,
};

/** takeTypedEarly: what was typed after Ctrl+K before the search box could take it (the launcher kept it). */
export default function CommandPalette({ open, onClose, takeTypedEarly }: { open: boolean; onClose: () => void; takeTypedEarly?: () => string }) {
  const { can, canOnceVerified } = useSession();
  const navigate = useNavigate();
  const t = useTranslate();
  const { token } = theme.useToken();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  // undefined until first asked for, so the approvals modal's code loads only then.
  const [approvals, setApprovals] = useState<boolean>();
  const [selected, setSelected] = useState("");

  const actions = useMemo(() => actionEntries(can, t), [can, t]);
  const pages = useMemo(() => pageEntries(canOnceVerified, actions, translatedMenu(t)), [canOnceVerified, actions, t]);
  const sources = useMemo(() => searchSources(can, canOnceVerified, t), [can, canOnceVerified, t]);
  const { groups, loading } = usePaletteSearch(text, sources);
  const sections = useMemo(
    () =>
      matchSections(
        [
          { key: "actions", heading: t("palette.actions.heading"), entries: actions },
          { key: "pages", heading: t("palette.pages"), entries: pages },
        ],
        text,
      ),
    [actions, pages, text, t],
  );
  // The highlighted row is always one on screen: the one chosen if it still shows, else the first.
  const shown = [...sections.flatMap((s) => s.entries.map((e) => e.value)), ...groups.flatMap((g) => g.hits.map((h) => h.value))];
  const current = shown.includes(selected) ? selected : (shown[0] ?? "");

  // Focus starts in the input. autoFocus would fire while the modal is still hidden (and antd
  // focuses only after its opening animation), so try each frame until the input shows and takes
  // it: keystrokes typed right after Ctrl+K land in the search.
  useEffect(() => {
    if (!open) return;
    let frame = 0;
    let tries = 0;
    const focus = () => {
      inputRef.current?.focus();
      if (document.activeElement !== inputRef.current) {
        if (++tries < 60) frame = requestAnimationFrame(focus);
        return;
      }
      const typed = takeTypedEarly?.();
      if (typed) setText((before) => before + typed);
    };
    frame = requestAnimationFrame(focus);
    return () => cancelAnimationFrame(frame);
  }, [open, takeTypedEarly]);

  function go(target: PaletteTarget) {
    onClose();
    if (target.kind === "approvals") setApprovals(true);
    else navigate(target.to);
  }
  const entry = (e: PaletteEntry) => (
    <PaletteItem key={e.value} value={e.value} icon={e.icon} parent={e.parent} label={e.label} onSelect={() => go(e.target)} />
  );

  const vars = {
    "--command-palette-text": token.colorText,
    "--command-palette-muted": token.colorTextDescription,
    "--command-palette-active": token.controlItemBgActive,
    "--command-palette-hover": token.controlItemBgHover,
    "--command-palette-split": token.colorSplit,
    "--command-palette-radius": `${token.borderRadiusSM}px`,
  } as CSSProperties;

  return (
    <>
      <Modal
        open={open}
        onCancel={onClose}
        title={t("palette.title")}
        footer={null}
        closable={false}
        width={640}
        style={{ top: 96 }}
        destroyOnHidden
        afterClose={() => {
          setText("");
          setSelected("");
        }}
        styles={{ header: visuallyHidden, content: { padding: 0, overflow: "hidden" }, body: { padding: 0 } }}
      >
        <Command
          className="command-palette"
          style={vars}
          label={t("palette.title")}
          loop
          vimBindings={false}
          shouldFilter={false}
          value={current}
          onValueChange={setSelected}
        >
          <Command.Input
            ref={inputRef}
            value={text}
            // New text: the best match is highlighted, as cmdk does.
            onValueChange={(v) => {
              setText(v);
              setSelected("");
            }}
            placeholder={t("palette.placeholder")}
          />
          <Command.List>
            {loading && <Command.Loading>{t("palette.searching")}</Command.Loading>}
            {!loading && <Command.Empty>{t("palette.noResults")}</Command.Empty>}
            {sections.map((s) => (
              <Command.Group key={s.key} heading={s.heading}>
                {s.entries.map(entry)}
              </Command.Group>
            ))}
            {groups.map((g) => (
              // The server matched these (name, reference, description), so they show as answered.
              <Command.Group key={g.key} heading={g.heading}>
                {g.hits.map((h) => (
                  <PaletteItem
                    key={h.value}
                    value={h.value}
                    icon={h.send ? <SendOutlined /> : RESULT_ICONS[g.key]}
                    label={h.label}
                    hint={h.hint}
                    onSelect={() => go({ kind: "navigate", to: h.to })}
                  />
                ))}
              </Command.Group>
            ))}
          </Command.List>
          <div className="command-palette__footer" aria-hidden="true">
            <span>
              <kbd>↑</kbd> <kbd>↓</kbd> {t("palette.footer.move")}
            </span>
            <span>
              <kbd>{t("palette.footer.enterKey")}</kbd> {t("palette.footer.open")}
            </span>
            <span>
              <kbd>{t("palette.footer.escKey")}</kbd> {t("palette.footer.close")}
            </span>
          </div>
        </Command>
      </Modal>
      {approvals !== undefined && (
        <Suspense fallback={null}>
          <ApprovalsModal open={approvals} onClose={() => setApprovals(false)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * A list's keyboard shortcuts (issue 30): `/` focuses its search, `j` / `k` move a row highlight down
 * and up, `Enter` opens the highlighted row as a click would, `?` asks for the list of shortcuts.
 * Keys typed into a field, with a modifier held, or while a dialog is open are left alone.
 */
import { useEffect, useState, type RefObject } from "react";

const TYPING = "input, textarea, select, [contenteditable=''], [contenteditable='true']";
/** Where Enter already means something (a button, a link, a tab): the row is not opened. */
const ACTIVATES = `${TYPING}, button, a[href], [role='button'], [role='tab'], [role='menuitem'], [role='option']`;

const within = (target: EventTarget | null, selector: string) => target instanceof Element && !!target.closest(selector);
const dialogOpen = () => [...document.querySelectorAll("[role='dialog']")].some((d) => d.getClientRects().length > 0);

type Options = {
  /** The list's card: its search box and rows are looked up inside it. */
  container: RefObject<HTMLElement | null>;
  /** The rows' ids, in order (a new page starts without a highlight). */
  rowIds: string[];
  /** The search box's accessible name, when the list has one. */
  searchLabel?: string;
  /** Opens a row, as a click on it does; absent when rows do not open. */
  onOpen?: (index: number) => void;
  enabled: boolean;
};

export function useListShortcuts({ container, rowIds, searchLabel, onOpen, enabled }: Options) {
  const [highlight, setHighlight] = useState(-1);
  const [helpOpen, setHelpOpen] = useState(false);
  const rowsKey = rowIds.join();
  // The highlight belongs to the rows shown: another page or order starts afresh.
  useEffect(() => setHighlight(-1), [rowsKey]);

  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || within(e.target, TYPING) || dialogOpen()) return;
      const count = rowIds.length;
      if (e.key === "/" && searchLabel) {
        const search = container.current?.querySelector<HTMLInputElement>(`input[aria-label="${CSS.escape(searchLabel)}"]`);
        if (!search) return;
        e.preventDefault();
        search.focus();
      } else if ((e.key === "j" || e.key === "k") && count) {
        e.preventDefault();
        setHighlight((i) => (e.key === "j" ? Math.min(i + 1, count - 1) : Math.max(i - 1, 0)));
      } else if (e.key === "Enter" && onOpen && highlight >= 0 && highlight < count && !within(e.target, ACTIVATES)) {
        e.preventDefault();
        onOpen(highlight);
      } else if (e.key === "?") {
        e.preventDefault();
        setHelpOpen(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled, rowIds.length, searchLabel, onOpen, highlight, container]);

  // The highlighted row is kept in sight.
  useEffect(() => {
    const id = rowIds[highlight];
    if (id) container.current?.querySelector(`tr[data-row-key="${CSS.escape(id)}"]`)?.scrollIntoView({ block: "nearest" });
  }, [highlight, rowIds, container]);

  return { highlight, helpOpen, closeHelp: () => setHelpOpen(false) };
}

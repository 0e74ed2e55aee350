/**
 * Ctrl+K / Cmd+K anywhere in the signed-in console opens (or closes) the command palette. Always
 * loaded and tiny: the palette itself (cmdk) is only fetched once it is first wanted.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

/** Whether a key press is the palette's shortcut: K with Ctrl (Windows, Linux) or Cmd (macOS), nothing else held. */
export const isPaletteShortcut = (e: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">) =>
  (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === "k";

export function usePaletteHotkey() {
  const [open, setOpen] = useState(false);
  // Once opened, the palette stays mounted (closed), so reopening does not wait for its chunk again.
  const [wanted, setWanted] = useState(false);
  const show = useCallback((next: boolean) => {
    if (next) setWanted(true);
    setOpen(next);
  }, []);
  // A layout effect: the shortcut listens before the header (and its Search button) first paints.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isPaletteShortcut(e) || e.repeat) return;
      // Also keeps the browser's own Ctrl+K (its search bar) from taking the key.
      e.preventDefault();
      setWanted(true);
      setOpen((o) => !o);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  // What is typed between Ctrl+K and the palette's search box taking focus (its chunk loading, the
  // dialog opening) is kept here, not lost, and handed to the search box when it is ready.
  const typedEarly = useRef("");
  useEffect(() => {
    if (!open) {
      typedEarly.current = "";
      return;
    }
    const onKey = (e: KeyboardEvent) => {
      if ((document.activeElement as HTMLElement | null)?.closest?.("[cmdk-root]")) return;
      if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) typedEarly.current += e.key;
      else if (e.key === "Backspace") typedEarly.current = typedEarly.current.slice(0, -1);
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [open]);
  /** The keys typed before the search box had focus, once (then forgotten). */
  const takeTypedEarly = useCallback(() => {
    const typed = typedEarly.current;
    typedEarly.current = "";
    return typed;
  }, []);
  return { open, wanted, show, takeTypedEarly };
}

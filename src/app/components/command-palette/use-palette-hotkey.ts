/**
 * Ctrl+K / Cmd+K anywhere in the signed-in console opens (or closes) the command palette. Always
 * loaded and tiny: the palette itself (cmdk) is only fetched once it is first wanted.
 */
import { useCallback, useLayoutEffect, useState } from "react";

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
  return { open, wanted, show };
}

/**
 * Whether the operating system asks for less motion (WCAG 2.3.3). The console then turns antd's
 * zooms, slides and fades off: dialogs, menus and toasts appear and leave at once.
 */
import { useSyncExternalStore } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";
const media = () => (typeof window !== "undefined" && window.matchMedia ? window.matchMedia(QUERY) : undefined);

function subscribe(onChange: () => void) {
  const list = media();
  list?.addEventListener("change", onChange);
  return () => list?.removeEventListener("change", onChange);
}

export const useReducedMotion = () =>
  useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );

/**
 * antd's Dropdown for the list's buttons that open a menu (create menu, a saved view's options),
 * loaded after the list's frame: until it arrives the button shows as it will (Dropdown adds no box
 * of its own), only its menu is not there yet.
 */
import { Suspense } from "react";
import type { DropdownProps } from "antd";
import { lazyNamed } from "../../lib/lazy.ts";

const Dropdown = lazyNamed(() => import("./dropdown-menu.tsx"), "DropdownMenu");

export function LazyDropdown(props: DropdownProps) {
  return (
    <Suspense fallback={props.children}>
      <Dropdown {...props} />
    </Suspense>
  );
}

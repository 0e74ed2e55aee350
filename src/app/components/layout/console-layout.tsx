/**
 * The signed-in frame: Refine's themed layout (menu, header) around the page. Loaded lazily, so
 * the sign-in pages never download the menu and layout they do not show.
 */
import { Suspense, type ComponentProps } from "react";
import { Outlet } from "react-router";
import { ThemedLayout, ThemedSider } from "./refine-layout.ts";
import { AppHeader } from "./app-header.tsx";
import { FullPageSpin } from "../../routing/guarded.tsx";
import { StepUpDialog } from "../security/step-up-dialog.tsx";
import "./console-layout.css";

/**
 * The side menu held to the window's height (Refine's `fixed`): the menu scrolls in its own column,
 * above the collapse button, so its last entries are reachable on a 1280×720 screen without moving
 * the page. Below lg the menu is a drawer, opened from the header. The wrapper only names the sider
 * for console-layout.css.
 */
function ConsoleSider(props: ComponentProps<typeof ThemedSider>) {
  return (
    <div className="console-sider">
      <ThemedSider {...props} fixed />
    </div>
  );
}

export default function ConsoleLayout() {
  return (
    <ThemedLayout Sider={ConsoleSider} Header={AppHeader} Title={() => <strong style={{ fontSize: 18 }}>Stablebank</strong>}>
      <Suspense fallback={<FullPageSpin />}>
        <Outlet />
      </Suspense>
      <StepUpDialog />
    </ThemedLayout>
  );
}

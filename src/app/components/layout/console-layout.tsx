/**
 * The signed-in frame: Refine's themed layout (menu, header) around the page. Loaded lazily, so
 * the sign-in pages never download the menu and layout they do not show.
 */
import { Suspense } from "react";
import { Outlet } from "react-router";
import { ThemedLayout } from "@refinedev/antd";
import { AppHeader } from "./app-header.tsx";
import { FullPageSpin } from "../../routing/guarded.tsx";
import { StepUpDialog } from "../security/step-up-dialog.tsx";

export default function ConsoleLayout() {
  return (
    <ThemedLayout Header={AppHeader} Title={() => <strong style={{ fontSize: 18 }}>Stablebank</strong>}>
      <Suspense fallback={<FullPageSpin />}>
        <Outlet />
      </Suspense>
      <StepUpDialog />
    </ThemedLayout>
  );
}

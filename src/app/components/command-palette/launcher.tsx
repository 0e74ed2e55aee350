/**
 * The header's "Search" button and the Ctrl+K / Cmd+K shortcut, both opening the command palette.
 * The palette (and cmdk with it) is a separate chunk, loaded on first open or when the pointer or
 * focus reaches the button: the initial JavaScript of every route stays as it was.
 */
import { lazy, Suspense } from "react";
import { Button, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { SearchOutlined } from "@ant-design/icons";
import { usePaletteHotkey } from "./use-palette-hotkey.ts";

const load = () => import("./command-palette.tsx");
const CommandPalette = lazy(load);
const preload = () => void load();

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);
const SHORTCUT = isMac ? "⌘ K" : "Ctrl K";

/** compact: the icon alone (a phone's header has no room for the word and the shortcut). */
export function CommandPaletteLauncher({ compact = false }: { compact?: boolean }) {
  const { open, wanted, show, takeTypedEarly } = usePaletteHotkey();
  const t = useTranslate();
  return (
    <>
      <Button
        icon={<SearchOutlined />}
        // The name is the visible text (WCAG 2.5.3, label in name), so "Search" spoken opens it too.
        aria-label={compact ? t("palette.search.button") : `${t("palette.search.button")} ${SHORTCUT}`}
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => show(true)}
        onMouseEnter={preload}
        onFocus={preload}
      >
        {!compact && (
          <>
            {t("palette.search.button")}{" "}
            <Typography.Text keyboard type="secondary">
              {SHORTCUT}
            </Typography.Text>
          </>
        )}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <CommandPalette open={open} onClose={() => show(false)} takeTypedEarly={takeTypedEarly} />
        </Suspense>
      )}
    </>
  );
}

/** The list's "Columns" button: a popover to show, hide and order the columns (its content loads on first open). */
import { Suspense, useRef, useState } from "react";
import { useTranslate } from "@refinedev/core";
import { Button, Popover, Spin } from "antd";
import { SettingOutlined } from "@ant-design/icons";
import { lazyNamed } from "../../lib/lazy.ts";
import type { ChoosableColumn } from "./column-chooser-panel.tsx";

const ColumnChooserPanel = lazyNamed(() => import("./column-chooser-panel.tsx"), "ColumnChooserPanel");

type Props = { columns: ChoosableColumn[]; shown: string[]; onChange: (shown: string[]) => void; onReset: () => void };

export function ColumnChooser(props: Props) {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <span style={{ position: "relative" }}>
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        placement="bottomRight"
        title={t("resource.columns.title")}
        // Rendered right after the button, so Tab moves from the button into the choices.
        getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
        content={
          open && (
            // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the popover from any control inside it
            <div onKeyDown={(e) => e.key === "Escape" && close()}>
              <Suspense fallback={<Spin size="small" />}>
                <ColumnChooserPanel {...props} />
              </Suspense>
            </div>
          )
        }
      >
        <Button ref={button} icon={<SettingOutlined />} aria-expanded={open}>
          {t("resource.columns.title")}
        </Button>
      </Popover>
    </span>
  );
}

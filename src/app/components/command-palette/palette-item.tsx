/** One row of the palette: icon, the menu group (for pages), the label and a hint (for results). */
import type { ReactNode } from "react";
import { Command } from "cmdk";

type Props = { value: string; label: string; onSelect: () => void; icon?: ReactNode; parent?: string; hint?: string };

export function PaletteItem({ value, label, onSelect, icon, parent, hint }: Props) {
  return (
    <Command.Item value={value} onSelect={onSelect}>
      {/* antd icons carry their own aria-label ("swap"): hidden, so the option is named by its text. */}
      <span className="command-palette__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="command-palette__label">
        {parent && <span className="command-palette__muted">{parent} › </span>}
        {label}
      </span>
      {/* The space keeps label and hint apart in the option's accessible name (flex layout ignores it). */}
      {hint && " "}
      {hint && <span className="command-palette__hint">{hint}</span>}
    </Command.Item>
  );
}

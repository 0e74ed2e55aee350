/** The header's light/dark switch: named "Dark theme", on when the console is dark; the choice is remembered. */
import { Switch, Tooltip } from "antd";
import { MoonOutlined, SunOutlined } from "@ant-design/icons";
import { useThemeMode } from "./theme-mode.ts";

export function ThemeSwitch() {
  const { dark, setChoice } = useThemeMode();
  return (
    <Tooltip title="Dark theme">
      <Switch
        aria-label="Dark theme"
        checked={dark}
        onChange={(on) => setChoice(on ? "dark" : "light")}
        checkedChildren={<MoonOutlined aria-hidden />}
        unCheckedChildren={<SunOutlined aria-hidden />}
      />
    </Tooltip>
  );
}

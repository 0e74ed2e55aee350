/**
 * The header's light/dark switch: named "Dark theme", on when the console is dark; the choice is
 * remembered. Switched to what the system asks for, it forgets the choice and follows the system again.
 */
import { Switch, Tooltip } from "antd";
import { useTranslate } from "@refinedev/core";
import { MoonOutlined, SunOutlined } from "@ant-design/icons";
import { useThemeMode } from "./theme-mode.ts";
import { systemPrefersDark } from "../../lib/theme-choice.ts";

export function ThemeSwitch() {
  const { dark, setChoice } = useThemeMode();
  const t = useTranslate();
  return (
    <Tooltip title={t("layout.darkTheme")}>
      <Switch
        aria-label={t("layout.darkTheme")}
        checked={dark}
        onChange={(on) => setChoice(on === systemPrefersDark() ? "system" : on ? "dark" : "light")}
        checkedChildren={<MoonOutlined aria-hidden />}
        unCheckedChildren={<SunOutlined aria-hidden />}
      />
    </Tooltip>
  );
}

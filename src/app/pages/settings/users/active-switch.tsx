/**
 * ACTIVE ⇄ INACTIVE as one switch (SPEC §4): it flips at once, before the server answers, and flips
 * back if the server refuses (SPEC §8 'Toggle errors revert the switch').
 */
import { useState } from "react";
import { Space, Switch, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { teamEndpoints, type BusinessUser } from "../../../../../resources/users.ts";
import { useTeamCall } from "./use-team.ts";

export function ActiveSwitch({ member }: { member: BusinessUser }) {
  const t = useTranslate();
  const call = useTeamCall();
  // The value shown while a change is in flight; null once the server's state is shown again.
  const [shown, setShown] = useState<boolean | null>(null);
  const checked = shown ?? member.state === "ACTIVE";

  async function change(next: boolean) {
    setShown(next);
    try {
      await call(next ? teamEndpoints.activate : teamEndpoints.deactivate, { params: { id: member.id } });
    } catch {
      // Already toasted; the server's state shows again below.
    } finally {
      setShown(null);
    }
  }

  return (
    <Space>
      <Switch aria-label={t("settings.users.active")} checked={checked} disabled={shown !== null} onChange={change} />
      <Typography.Text>{checked ? t("settings.users.active") : t("settings.users.inactive")}</Typography.Text>
    </Space>
  );
}

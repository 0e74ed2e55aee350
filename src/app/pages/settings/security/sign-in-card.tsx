/**
 * How signing in is protected (SPEC §3 Security settings, §7): login alerts (an optimistic switch,
 * reverted on error) and two-factor sign-in (changed only through the emailed-code modal).
 */
import { useState, type ReactNode } from "react";
import { Alert, Button, Card, Flex, Skeleton, Switch, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { settingsEndpoints } from "../../../../../resources/settings.ts";
import { call } from "../../../api/call.ts";
import { useToast } from "../../../hooks/use-toast.ts";
import { useSession } from "../../../session/session.tsx";
import { toggleOptimistically } from "./optimistic.ts";
import { TwoFactorModal } from "./two-factor-modal.tsx";
import { useFetched } from "../../../hooks/use-fetched.ts";

function Setting({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" gap={16} style={{ padding: "12px 0" }}>
      <div>
        <Typography.Text strong>{title}</Typography.Text>
        <br />
        <Typography.Text type="secondary">{description}</Typography.Text>
      </div>
      {children}
    </Flex>
  );
}

export function SignInCard() {
  const t = useTranslate();
  const toast = useToast();
  const { session, refresh } = useSession();
  const { data: settings, setData: setSettings, failed, reload: load } = useFetched(settingsEndpoints.security);
  const [savingAlerts, setSavingAlerts] = useState(false);
  const [twoFactorTarget, setTwoFactorTarget] = useState<boolean | null>(null);

  if (failed || !settings) {
    return (
      <Card title={t("security.signIn.title")}>
        {failed ? (
          <Alert
            type="error"
            showIcon
            message={t("security.signIn.loadError")}
            action={
              <Button size="small" onClick={load}>
                {t("security.retry")}
              </Button>
            }
          />
        ) : (
          <Skeleton active />
        )}
      </Card>
    );
  }

  async function setAlerts(on: boolean) {
    setSavingAlerts(true);
    await toggleOptimistically({
      show: (alertOnLogin: boolean) => setSettings((s) => (s ? { ...s, alertOnLogin } : s)),
      next: on,
      previous: !on,
      call: () => call(on ? settingsEndpoints.loginAlertsOn : settingsEndpoints.loginAlertsOff),
      toast,
    });
    setSavingAlerts(false);
  }

  function twoFactorChanged(on: boolean) {
    setSettings((s) => (s ? { ...s, "2faEnabled": on } : s));
    setTwoFactorTarget(null);
    // Step-up prompts (one-time codes on payments) read two_factor_enabled from the session.
    void refresh();
  }

  return (
    <Card title={t("security.signIn.title")} data-testid="sign-in-protection">
      <Setting title={t("security.signIn.loginAlerts")} description={t("security.signIn.loginAlertsHelp")}>
        <Switch aria-label={t("security.signIn.loginAlerts")} checked={settings.alertOnLogin} loading={savingAlerts} onChange={setAlerts} />
      </Setting>
      <Setting title={t("security.signIn.twoFactor")} description={t("security.signIn.twoFactorHelp")}>
        {/* Stays as it is until the modal confirms the change with the emailed code. */}
        <Switch aria-label={t("security.signIn.twoFactor")} checked={settings["2faEnabled"]} onChange={(on) => setTwoFactorTarget(on)} />
      </Setting>
      <TwoFactorModal target={twoFactorTarget} email={session?.user.email ?? ""} onClose={() => setTwoFactorTarget(null)} onChanged={twoFactorChanged} />
    </Card>
  );
}

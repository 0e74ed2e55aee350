/**
 * How signing in is protected (SPEC §3 Security settings, §7): login alerts (an optimistic switch,
 * reverted on error) and two-factor sign-in (changed only through the emailed-code modal).
 */
import { useState, type ReactNode } from "react";
import { Alert, Button, Card, Flex, Skeleton, Switch, Typography } from "antd";
import { settingsEndpoints } from "../../../../../resources/settings.ts";
import { call } from "../../../api/call.ts";
import { useToast } from "../../../hooks/use-toast.ts";
import { useSession } from "../../../session/session.tsx";
import { toggleOptimistically } from "./optimistic.ts";
import { TwoFactorModal } from "./two-factor-modal.tsx";
import { useFetched } from "../../../hooks/use-fetched.ts";

export const SECURITY_FETCH_ERROR = "Error fetching security settings";

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
  const toast = useToast();
  const { session, refresh } = useSession();
  const { data: settings, setData: setSettings, failed, reload: load } = useFetched(settingsEndpoints.security);
  const [savingAlerts, setSavingAlerts] = useState(false);
  const [twoFactorTarget, setTwoFactorTarget] = useState<boolean | null>(null);

  if (failed || !settings) {
    return (
      <Card title="Sign-in protection">
        {failed ? (
          <Alert
            type="error"
            showIcon
            message={SECURITY_FETCH_ERROR}
            action={
              <Button size="small" onClick={load}>
                Retry
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
    <Card title="Sign-in protection" data-testid="sign-in-protection">
      <Setting title="Login alerts" description="Email me whenever someone signs in to my account.">
        <Switch aria-label="Login alerts" checked={settings.alertOnLogin} loading={savingAlerts} onChange={setAlerts} />
      </Setting>
      <Setting title="Two-factor authentication" description="Ask for a code sent to my email at every sign-in.">
        {/* Stays as it is until the modal confirms the change with the emailed code. */}
        <Switch aria-label="Two-factor authentication" checked={settings["2faEnabled"]} onChange={(on) => setTwoFactorTarget(on)} />
      </Setting>
      <TwoFactorModal target={twoFactorTarget} email={session?.user.email ?? ""} onClose={() => setTwoFactorTarget(null)} onChanged={twoFactorChanged} />
    </Card>
  );
}

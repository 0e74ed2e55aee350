/**
 * The member's live sessions (SPEC §7 sessions, §9 session relative time): device, IP and last
 * activity, this one tagged; any other can be revoked, one at a time or all at once.
 */
import { useEffect, useState } from "react";
import { Alert, Button, Card, Skeleton, Space, Table, Tag, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { settingsEndpoints, type SessionView } from "../../../../../resources/settings.ts";
import { formatDay } from "../../../../lib/dates.ts";
import { isApiError } from "../../../api/client.ts";
import { call } from "../../../api/call.ts";
import { useToast } from "../../../hooks/use-toast.ts";
import { useFetched } from "../../../hooks/use-fetched.ts";

/** "5 minutes ago" goes stale while the tab stays open: re-render once a minute. */
function useMinuteClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(t);
  }, []);
  return now;
}

type T = ReturnType<typeof useTranslate>;

/** SPEC §9: 'Just now', minutes, hours, days under 7 days; older activity shows its date. */
function activity(t: T, at: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return t("security.sessions.justNow");
  if (minutes < 60) return t("security.sessions.minutesAgo", { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t("security.sessions.hoursAgo", { count: hours });
  const days = Math.floor(hours / 24);
  if (days < 7) return t("security.sessions.daysAgo", { count: days });
  return formatDay(at);
}

/** `version` changes when something else ended sessions (a password change): the list is re-read. */
export function SessionsCard({ version }: { version: number }) {
  const t = useTranslate();
  const toast = useToast();
  const now = useMinuteClock();
  const { data: sessions, error, failed, reload: load } = useFetched(settingsEndpoints.sessions, {}, version);
  const [busy, setBusy] = useState<string | null>(null);

  /** Revokes the other sessions ("others") or one session (its id). */
  async function revoke(key: string) {
    setBusy(key);
    try {
      const res = key === "others" ? await call(settingsEndpoints.revokeOtherSessions) : await call(settingsEndpoints.revokeSession, { params: { id: key } });
      toast.success(res.message);
    } catch (e) {
      toast.error(e);
    } finally {
      setBusy(null);
      load();
    }
  }

  const others = (sessions ?? []).filter((s) => !s.is_this_session);
  return (
    <Card
      title={t("security.sessions.title")}
      data-testid="sessions"
      extra={
        <Button danger disabled={!others.length} loading={busy === "others"} onClick={() => revoke("others")}>
          {t("security.sessions.revokeOthers")}
        </Button>
      }
    >
      {failed ? (
        <Alert
          type="error"
          showIcon
          message={isApiError(error) ? error.message : t("security.sessions.loadError")}
          action={
            <Button size="small" onClick={load}>
              {t("security.retry")}
            </Button>
          }
        />
      ) : !sessions ? (
        <Skeleton active />
      ) : (
        <Table<SessionView>
          rowKey="id"
          size="middle"
          pagination={false}
          dataSource={sessions}
          columns={[
            {
              title: t("security.sessions.device"),
              key: "device",
              render: (_, s) => (
                <Space size={8} wrap>
                  <Typography.Text title={s.user_agent}>{t("security.sessions.browserOn", { browser: s.browser, os: s.os })}</Typography.Text>
                  {s.is_this_session && <Tag color="green">{t("security.sessions.thisSession")}</Tag>}
                </Space>
              ),
            },
            { title: t("security.sessions.ip"), dataIndex: "ip", key: "ip" },
            {
              title: t("security.sessions.lastActivity"),
              key: "last_activity",
              render: (_, s) => activity(t, new Date(s.last_activity), now),
            },
            {
              title: "",
              key: "action",
              align: "right",
              render: (_, s) =>
                s.is_this_session ? null : (
                  <Button size="small" danger loading={busy === s.id} disabled={!!busy && busy !== s.id} onClick={() => revoke(s.id)}>
                    {t("security.sessions.revoke")}
                  </Button>
                ),
            },
          ]}
        />
      )}
    </Card>
  );
}

/**
 * The member's live sessions (SPEC §7 sessions, §9 session relative time): device, IP and last
 * activity, this one tagged; any other can be revoked, one at a time or all at once.
 */
import { useEffect, useState } from "react";
import { Alert, Button, Card, Skeleton, Space, Table, Tag, Typography } from "antd";
import { settingsEndpoints, type SessionView } from "../../../../../resources/settings.ts";
import { relativeActivity } from "../../../../lib/user-agent.ts";
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

/** `version` changes when something else ended sessions (a password change): the list is re-read. */
export function SessionsCard({ version }: { version: number }) {
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
      title="Active sessions"
      data-testid="sessions"
      extra={
        <Button danger disabled={!others.length} loading={busy === "others"} onClick={() => revoke("others")}>
          Revoke other sessions
        </Button>
      }
    >
      {failed ? (
        <Alert
          type="error"
          showIcon
          message={isApiError(error) ? error.message : "Error fetching sessions"}
          action={
            <Button size="small" onClick={load}>
              Retry
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
              title: "Device",
              key: "device",
              render: (_, s) => (
                <Space size={8} wrap>
                  <Typography.Text title={s.user_agent}>{`${s.browser} on ${s.os}`}</Typography.Text>
                  {s.is_this_session && <Tag color="green">This session</Tag>}
                </Space>
              ),
            },
            { title: "IP address", dataIndex: "ip", key: "ip" },
            {
              title: "Last activity",
              key: "last_activity",
              render: (_, s) => relativeActivity(new Date(s.last_activity), now),
            },
            {
              title: "",
              key: "action",
              align: "right",
              render: (_, s) =>
                s.is_this_session ? null : (
                  <Button size="small" danger loading={busy === s.id} disabled={!!busy && busy !== s.id} onClick={() => revoke(s.id)}>
                    Revoke
                  </Button>
                ),
            },
          ]}
        />
      )}
    </Card>
  );
}

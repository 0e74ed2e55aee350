/**
 * /sandbox/kyb: the sandbox KYB provider's reviewer console (no sign-in). Lists every verification
 * case and decides the submitted ones, as a real provider's reviewer would.
 */
import { useTranslate } from "@refinedev/core";
import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Button, Card, Flex, Table, Typography } from "antd";
import { ReloadOutlined } from "@ant-design/icons";
import { useToast } from "../../hooks/use-toast.ts";
import { reviewApi, type KybCaseRow } from "./api.ts";
import { ProviderFrame } from "./provider-frame.tsx";
import { ReviewTag, StateTag, when } from "./status-tags.tsx";
import { PageTitle } from "../../components/layout/page-title.tsx";
import { lazyNamed, prefetchWhenIdle } from "../../lib/lazy.ts";

// The review drawer (its form, the case's details) opens on a click: not in the page's first download.
const loadReviewDrawer = () => import("./review-drawer.tsx");
const ReviewDrawer = lazyNamed(loadReviewDrawer, "ReviewDrawer");

export default function SandboxKybConsolePage() {
  const [rows, setRows] = useState<KybCaseRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [open, setOpen] = useState<KybCaseRow | null>(null);
  // Mounted from the first review on, so that it slides closed rather than vanishing.
  const [reviewed, setReviewed] = useState(false);
  if (open && !reviewed) setReviewed(true);
  useEffect(() => prefetchWhenIdle(loadReviewDrawer), []);
  const toast = useToast();
  const t = useTranslate();
  // The toaster changes whenever antd's context does (theme, language): the list is loaded once, not again for each.
  const toastRef = useRef(toast);
  toastRef.current = toast;

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRows(await reviewApi.list());
    } catch (e) {
      toastRef.current.error(e);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <ProviderFrame width={1100}>
      <Card>
        <Flex justify="space-between" align="center" wrap gap={12}>
          <PageTitle look={2} style={{ margin: 0 }}>
            {t("sandbox.kyb.console.title")}
          </PageTitle>
          <Button icon={<ReloadOutlined />} onClick={() => void load()} loading={loading}>
            {t("sandbox.kyb.console.refresh")}
          </Button>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t("sandbox.kyb.console.intro")}
        </Typography.Paragraph>
        <Table
          rowKey="business_id"
          loading={loading}
          dataSource={rows}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: t("sandbox.kyb.console.empty") }}
          columns={[
            { title: t("sandbox.kyb.console.business"), dataIndex: "business_name" },
            { title: t("sandbox.kyb.console.state"), render: (_, r) => <StateTag state={r.state} /> },
            { title: t("sandbox.kyb.console.reviewStatus"), render: (_, r) => <ReviewTag status={r.review_status} /> },
            { title: t("sandbox.kyb.console.submitted"), render: (_, r) => when(r.submitted_at) },
            { title: t("sandbox.kyb.console.decided"), render: (_, r) => when(r.decided_at) },
            {
              title: "",
              key: "actions",
              align: "right",
              render: (_, r) => (
                <Button aria-label={t("sandbox.kyb.console.reviewLabel", { name: r.business_name })} onClick={() => setOpen(r)}>
                  {t("sandbox.kyb.console.review")}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      {reviewed && (
        <Suspense fallback={null}>
          <ReviewDrawer
            row={open}
            onClose={() => setOpen(null)}
            onDecided={() => {
              setOpen(null);
              void load();
            }}
          />
        </Suspense>
      )}
    </ProviderFrame>
  );
}

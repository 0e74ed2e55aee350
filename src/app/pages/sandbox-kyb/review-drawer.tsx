/**
 * One case as the provider's reviewer sees it: the company facts, the people, the documents (opened
 * in a new tab), and, while it waits in review, the decision. A correction or rejection says why.
 */
import { useTranslate } from "@refinedev/core";
import { useEffect, useState, type ReactNode } from "react";
import { Alert, Button, Descriptions, Drawer, Empty, Flex, Form, Input, List, Space, Spin, Table, Typography } from "antd";
import type { KybCompany, KybPerson } from "../../../../resources/kyb.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { reviewApi, type KybCaseRow, type KybCaseView, type KybDecisionKind } from "./api.ts";
import { ReviewTag, StateTag, when } from "./status-tags.tsx";
import { documentLabels, volumeLabels } from "./labels.ts";

type Props = { row: KybCaseRow | null; onClose: () => void; onDecided: () => void };

export function ReviewDrawer({ row, onClose, onDecided }: Props) {
  const t = useTranslate();
  return (
    <Drawer
      title={row ? t("sandbox.kyb.console.reviewLabel", { name: row.business_name }) : t("sandbox.kyb.console.review")}
      open={!!row}
      onClose={onClose}
      width={760}
      destroyOnHidden
    >
      {row && <ReviewBody businessId={row.business_id} onDecided={onDecided} />}
    </Drawer>
  );
}

function ReviewBody({ businessId, onDecided }: { businessId: string; onDecided: () => void }) {
  const [view, setView] = useState<KybCaseView | null>(null);
  const toast = useToast();
  const t = useTranslate();

  useEffect(() => {
    reviewApi
      .get(businessId)
      .then(setView)
      .catch((e) => toast.error(e));
  }, [businessId, toast]);

  if (!view)
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  const documents = documentLabels(t);
  const decidable = view.state === "IN_REVIEW" && view.review_status === "PENDING";

  return (
    <Space direction="vertical" size={24} style={{ width: "100%" }}>
      <Space wrap>
        <StateTag state={view.state} />
        <ReviewTag status={view.review_status} />
        <Typography.Text type="secondary">{t("sandbox.kyb.drawer.submittedAt", { when: when(view.submitted_at) })}</Typography.Text>
      </Space>
      {view.decision_reason && <Alert type="info" showIcon message={t("sandbox.kyb.drawer.reasonGiven")} description={view.decision_reason} />}
      <Section title={t("sandbox.kyb.drawer.company")}>
        {view.company ? <CompanyFacts company={view.company} /> : <Empty description={t("sandbox.kyb.drawer.noCompany")} />}
      </Section>
      <Section title={t("sandbox.kyb.people.title")}>
        <PeopleTable people={view.people} />
      </Section>
      <Section title={t("sandbox.kyb.documents.title")}>
        <List
          size="small"
          bordered
          dataSource={view.documents}
          locale={{ emptyText: t("sandbox.kyb.drawer.noDocuments") }}
          renderItem={(d) => (
            <List.Item>
              <Typography.Text>{documents[d.kind]?.label ?? d.kind}</Typography.Text>
              <a href={reviewApi.documentUrl(view.business_id, d.id)} target="_blank" rel="noopener noreferrer">
                {d.file_name}
              </a>
            </List.Item>
          )}
        />
      </Section>
      {decidable ? (
        <DecisionForm businessId={view.business_id} onDecided={onDecided} />
      ) : (
        <Typography.Text type="secondary">{t("sandbox.kyb.drawer.notDecidable")}</Typography.Text>
      )}
    </Space>
  );
}

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <div>
    <Typography.Title level={5}>{title}</Typography.Title>
    {children}
  </div>
);

function CompanyFacts({ company: c }: { company: KybCompany }) {
  const t = useTranslate();
  const address = [c.address.line_1, c.address.city, c.address.state, c.address.postal_code, c.address.country].filter(Boolean).join(", ");
  return (
    <Descriptions size="small" bordered column={1}>
      <Descriptions.Item label={t("sandbox.kyb.company.legalName")}>{c.legal_name}</Descriptions.Item>
      <Descriptions.Item label={t("sandbox.kyb.company.registrationNumber")}>{c.registration_number}</Descriptions.Item>
      <Descriptions.Item label={t("sandbox.kyb.company.incorporationDate")}>{c.incorporation_date}</Descriptions.Item>
      <Descriptions.Item label={t("sandbox.kyb.company.incorporationCountry")}>{c.incorporation_country}</Descriptions.Item>
      <Descriptions.Item label={t("sandbox.kyb.company.address")}>{address}</Descriptions.Item>
      <Descriptions.Item label={t("sandbox.kyb.company.website")}>{c.website || "—"}</Descriptions.Item>
      <Descriptions.Item label={t("sandbox.kyb.company.purposeOfAccount")}>{c.purpose_of_account}</Descriptions.Item>
      <Descriptions.Item label={t("sandbox.kyb.company.sourceOfFunds")}>{c.source_of_funds}</Descriptions.Item>
      <Descriptions.Item label={t("sandbox.kyb.company.monthlyVolume")}>{volumeLabels(t)[c.monthly_volume] ?? c.monthly_volume}</Descriptions.Item>
    </Descriptions>
  );
}

function PeopleTable({ people }: { people: KybPerson[] }) {
  const t = useTranslate();
  return (
    <Table
      size="small"
      pagination={false}
      rowKey={(_, i) => String(i)}
      dataSource={people}
      locale={{ emptyText: t("sandbox.kyb.drawer.noPeople") }}
      columns={[
        { title: t("sandbox.kyb.drawer.name"), render: (_, p) => `${p.first_name} ${p.last_name}` },
        { title: t("sandbox.kyb.people.dateOfBirth"), dataIndex: "date_of_birth" },
        { title: t("sandbox.kyb.people.nationality"), dataIndex: "nationality" },
        { title: t("sandbox.kyb.people.director"), render: (_, p) => (p.is_director ? t("sandbox.kyb.drawer.yes") : t("sandbox.kyb.drawer.no")) },
        { title: t("sandbox.kyb.drawer.ownership"), render: (_, p) => `${p.ownership_percent}%` },
      ]}
    />
  );
}

const DECISIONS: { decision: KybDecisionKind; danger?: boolean; primary?: boolean }[] = [
  { decision: "APPROVED", primary: true },
  { decision: "CORRECTION_REQUESTED" },
  { decision: "REJECTED", danger: true },
];

function DecisionForm({ businessId, onDecided }: { businessId: string; onDecided: () => void }) {
  const [form] = Form.useForm<{ reason?: string }>();
  const [busy, setBusy] = useState<KybDecisionKind | null>(null);
  const toast = useToast();
  const t = useTranslate();
  const labels: Record<KybDecisionKind, string> = {
    APPROVED: t("sandbox.kyb.drawer.approve"),
    CORRECTION_REQUESTED: t("sandbox.kyb.drawer.requestCorrection"),
    REJECTED: t("sandbox.kyb.drawer.reject"),
  };

  async function decide(decision: KybDecisionKind) {
    const reason = (form.getFieldValue("reason") as string | undefined)?.trim();
    // Only an approval needs no explanation: the business must learn what to fix, or why it was turned down.
    if (decision !== "APPROVED" && !reason) return form.setFields([{ name: "reason", errors: [t("sandbox.kyb.drawer.reasonRequired")] }]);
    form.setFields([{ name: "reason", errors: [] }]);
    setBusy(decision);
    try {
      await reviewApi.decide(businessId, decision, reason);
      toast.success(t("sandbox.kyb.drawer.decided"));
      onDecided();
    } catch (e) {
      toast.error(e);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Form form={form} name="decision" layout="vertical">
      <Form.Item name="reason" label={t("sandbox.kyb.drawer.reason")} extra={t("sandbox.kyb.drawer.reasonHint")}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
      <Space wrap>
        {DECISIONS.map((d) => (
          <Button
            key={d.decision}
            type={d.primary ? "primary" : "default"}
            danger={d.danger}
            loading={busy === d.decision}
            disabled={!!busy && busy !== d.decision}
            onClick={() => decide(d.decision)}
          >
            {labels[d.decision]}
          </Button>
        ))}
      </Space>
    </Form>
  );
}

/**
 * One case as the provider's reviewer sees it: the company facts, the people, the documents (opened
 * in a new tab), and, while it waits in review, the decision. A correction or rejection says why.
 */
import { useEffect, useState, type ReactNode } from "react";
import { Alert, Button, Descriptions, Drawer, Empty, Flex, Form, Input, List, Space, Spin, Table, Typography } from "antd";
import { KYB_DOCUMENTS, MONTHLY_VOLUMES, type KybCompany, type KybPerson } from "../../../../resources/kyb.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { reviewApi, type KybCaseRow, type KybCaseView, type KybDecisionKind } from "./api.ts";
import { ReviewTag, StateTag, when } from "./status-tags.tsx";

type Props = { row: KybCaseRow | null; onClose: () => void; onDecided: () => void };

export function ReviewDrawer({ row, onClose, onDecided }: Props) {
  return (
    <Drawer title={row ? `Review ${row.business_name}` : "Review"} open={!!row} onClose={onClose} width={760} destroyOnHidden>
      {row && <ReviewBody businessId={row.business_id} onDecided={onDecided} />}
    </Drawer>
  );
}

function ReviewBody({ businessId, onDecided }: { businessId: string; onDecided: () => void }) {
  const [view, setView] = useState<KybCaseView | null>(null);
  const toast = useToast();

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
  const decidable = view.state === "IN_REVIEW" && view.review_status === "PENDING";

  return (
    <Space direction="vertical" size={24} style={{ width: "100%" }}>
      <Space wrap>
        <StateTag state={view.state} />
        <ReviewTag status={view.review_status} />
        <Typography.Text type="secondary">Submitted {when(view.submitted_at)}</Typography.Text>
      </Space>
      {view.decision_reason && <Alert type="info" showIcon message="Reason given" description={view.decision_reason} />}
      <Section title="Company">{view.company ? <CompanyFacts company={view.company} /> : <Empty description="No company information yet" />}</Section>
      <Section title="Directors and owners">
        <PeopleTable people={view.people} />
      </Section>
      <Section title="Documents">
        <List
          size="small"
          bordered
          dataSource={view.documents}
          locale={{ emptyText: "No documents yet" }}
          renderItem={(d) => (
            <List.Item>
              <Typography.Text>{KYB_DOCUMENTS[d.kind]?.label ?? d.kind}</Typography.Text>
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
        <Typography.Text type="secondary">Only a submitted verification waiting for review can be decided.</Typography.Text>
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
  const address = [c.address.line_1, c.address.city, c.address.state, c.address.postal_code, c.address.country].filter(Boolean).join(", ");
  return (
    <Descriptions size="small" bordered column={1}>
      <Descriptions.Item label="Legal name">{c.legal_name}</Descriptions.Item>
      <Descriptions.Item label="Registration number">{c.registration_number}</Descriptions.Item>
      <Descriptions.Item label="Incorporation date">{c.incorporation_date}</Descriptions.Item>
      <Descriptions.Item label="Country of incorporation">{c.incorporation_country}</Descriptions.Item>
      <Descriptions.Item label="Address">{address}</Descriptions.Item>
      <Descriptions.Item label="Website">{c.website || "—"}</Descriptions.Item>
      <Descriptions.Item label="Purpose of the account">{c.purpose_of_account}</Descriptions.Item>
      <Descriptions.Item label="Source of funds">{c.source_of_funds}</Descriptions.Item>
      <Descriptions.Item label="Monthly payment volume">{MONTHLY_VOLUMES[c.monthly_volume] ?? c.monthly_volume}</Descriptions.Item>
    </Descriptions>
  );
}

function PeopleTable({ people }: { people: KybPerson[] }) {
  return (
    <Table
      size="small"
      pagination={false}
      rowKey={(_, i) => String(i)}
      dataSource={people}
      locale={{ emptyText: "No people yet" }}
      columns={[
        { title: "Name", render: (_, p) => `${p.first_name} ${p.last_name}` },
        { title: "Date of birth", dataIndex: "date_of_birth" },
        { title: "Nationality", dataIndex: "nationality" },
        { title: "Director", render: (_, p) => (p.is_director ? "Yes" : "No") },
        { title: "Ownership", render: (_, p) => `${p.ownership_percent}%` },
      ]}
    />
  );
}

const DECISIONS: { decision: KybDecisionKind; label: string; danger?: boolean; primary?: boolean }[] = [
  { decision: "APPROVED", label: "Approve", primary: true },
  { decision: "CORRECTION_REQUESTED", label: "Request correction" },
  { decision: "REJECTED", label: "Reject", danger: true },
];

function DecisionForm({ businessId, onDecided }: { businessId: string; onDecided: () => void }) {
  const [form] = Form.useForm<{ reason?: string }>();
  const [busy, setBusy] = useState<KybDecisionKind | null>(null);
  const toast = useToast();

  async function decide(decision: KybDecisionKind) {
    const reason = (form.getFieldValue("reason") as string | undefined)?.trim();
    // Only an approval needs no explanation: the business must learn what to fix, or why it was turned down.
    if (decision !== "APPROVED" && !reason) return form.setFields([{ name: "reason", errors: ["Reason is required"] }]);
    form.setFields([{ name: "reason", errors: [] }]);
    setBusy(decision);
    try {
      await reviewApi.decide(businessId, decision, reason);
      toast.success("Decision recorded");
      onDecided();
    } catch (e) {
      toast.error(e);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Form form={form} name="decision" layout="vertical">
      <Form.Item name="reason" label="Reason" extra="Required to request a correction or to reject.">
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
            {d.label}
          </Button>
        ))}
      </Space>
    </Form>
  );
}

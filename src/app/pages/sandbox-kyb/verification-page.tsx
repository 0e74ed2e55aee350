/**
 * /sandbox/kyb/:token: the sandbox KYB provider's hosted verification page, reached by the case's
 * unguessable link (no sign-in). The business enters its company facts, directors and owners, uploads
 * documents, and submits for review; once submitted or decided, the page is read-only.
 */
import { useTranslate } from "@refinedev/core";
import { useEffect, useState } from "react";
import { useParams } from "react-router";
import { Alert, Button, Card, Flex, Result, Space, Spin, Typography } from "antd";
import { isApiError } from "../../api/client.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { verificationApi, type KybCaseView } from "./api.ts";
import { CompanyForm } from "./company-form.tsx";
import { DocumentsCard } from "./documents-card.tsx";
import { PeopleForm } from "./people-form.tsx";
import { ProviderFrame } from "./provider-frame.tsx";
import { StateTag } from "./status-tags.tsx";
import { PageTitle } from "../../components/layout/page-title.tsx";

type Missing = { message: string; items: string[] };

export default function SandboxKybVerificationPage() {
  const { token = "" } = useParams();
  const [view, setView] = useState<KybCaseView | null>(null);
  // The server's message, or none (then the page words it).
  const [failure, setFailure] = useState<{ message?: string } | null>(null);
  const [missing, setMissing] = useState<Missing | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const toast = useToast();
  const t = useTranslate();

  useEffect(() => {
    verificationApi
      .get(token)
      .then(setView)
      .catch((e) => setFailure({ message: isApiError(e) ? e.message : undefined }));
  }, [token]);

  async function submit() {
    setSubmitting(true);
    try {
      setView(await verificationApi.submit(token));
      setMissing(null);
      toast.success(t("sandbox.kyb.verification.submitted"));
    } catch (e) {
      // What is still missing is listed where the business is looking, not in a passing toast.
      if (isApiError(e) && e.statusCode === 400 && e.errors.length) setMissing({ message: e.message, items: e.errors.map((x) => x.message) });
      else toast.error(e);
    } finally {
      setSubmitting(false);
    }
  }

  if (failure)
    return (
      <ProviderFrame width={860}>
        <Card>
          <Result status="warning" title={failure.message ?? t("sandbox.kyb.verification.loadError")} />
        </Card>
      </ProviderFrame>
    );
  if (!view)
    return (
      <ProviderFrame width={860}>
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin size="large" />
        </Flex>
      </ProviderFrame>
    );

  return (
    <ProviderFrame width={860}>
      <Space direction="vertical" size={16} style={{ width: "100%" }}>
        <div>
          <Flex align="center" gap={12} wrap>
            <PageTitle look={2} style={{ margin: 0 }}>
              {t("sandbox.kyb.verification.title", { name: view.business_name })}
            </PageTitle>
            <StateTag state={view.state} />
          </Flex>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {t("sandbox.kyb.verification.intro")}
          </Typography.Paragraph>
        </div>
        <StatusAlert view={view} />
        <CompanyForm token={token} view={view} onSaved={setView} />
        <PeopleForm token={token} view={view} onSaved={setView} />
        <DocumentsCard token={token} view={view} onChanged={setView} />
        {missing && (
          <Alert
            type="error"
            showIcon
            message={missing.message}
            description={
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {missing.items.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            }
          />
        )}
        <Flex justify="flex-end">
          <Button type="primary" size="large" onClick={submit} loading={submitting} disabled={!view.editable}>
            {t("sandbox.kyb.verification.submit")}
          </Button>
        </Flex>
      </Space>
    </ProviderFrame>
  );
}

/** Where the case stands with the reviewer, and why when they sent it back or turned it down. */
function StatusAlert({ view }: { view: KybCaseView }) {
  const t = useTranslate();
  const reason = view.decision_reason ?? undefined;
  switch (view.review_status) {
    case "CORRECTION_REQUESTED":
      return <Alert type="warning" showIcon message={t("sandbox.kyb.review.correctionRequested")} description={reason} />;
    case "APPROVED":
      return <Alert type="success" showIcon message={t("sandbox.kyb.review.approved")} description={t("sandbox.kyb.verification.approvedText")} />;
    case "REJECTED":
      return <Alert type="error" showIcon message={t("sandbox.kyb.review.rejected")} description={reason} />;
    default:
      return view.state === "IN_REVIEW" ? (
        <Alert type="info" showIcon message={t("sandbox.kyb.verification.inReview")} description={t("sandbox.kyb.verification.inReviewText")} />
      ) : null;
  }
}

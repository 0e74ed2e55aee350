/**
 * Send money (SPEC §2 /payments/send/money): domestic and international wires from an account to a
 * beneficiary (picked, or added inline), the quote when currencies differ, description, reference,
 * supporting documents, a review step with the one-time code, and the result. ?account= presets the
 * source (Make a transfer on an account, Make payment on a sub-account); ?beneficiary= presets the
 * beneficiary (the command palette's 'Send money to <name>').
 */
import { ApprovalRoute } from "../../components/approvals/approval-route.tsx";
import { ScheduleChoice } from "../../components/schedule/schedule-choice.tsx";
import { scheduleBody, useScheduleDraft, type ScheduleBody } from "../../components/schedule/schedule-draft.ts";
import { Suspense, useEffect, useMemo, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useList, useTranslate } from "@refinedev/core";
import { Alert, Button, Card, Descriptions, Form, Input, Skeleton, Space, Spin, Steps, Typography } from "antd";
import { LaterSelect, LaterUpload } from "../../components/form/later-controls.tsx";
import { PlusOutlined, UploadOutlined } from "@ant-design/icons";
import { isApiError } from "../../api/client.ts";
import { call } from "../../api/call.ts";
import { useWrite } from "../../api/write.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { useSession } from "../../session/session.tsx";
import { amountProblem, formatMoney, parseMajor } from "../../../lib/money.ts";
import { amountProblemText, destinationText } from "../../i18n/shared-labels.ts";
import { accountLabel } from "../../../lib/labels.ts";
import { formatTime } from "../../../lib/dates.ts";
import { RateText } from "../../components/money/figures.tsx";
import { DOCUMENT_TYPES, MAX_DOCUMENT_BYTES, MAX_DOCUMENTS, paymentEndpoints, type FiatQuote } from "../../../../resources/payments.ts";
import type { BankingTransaction } from "../../../../resources/transaction-views.ts";
import { beneficiaries as beneficiaryResource } from "../../../../resources/beneficiaries.ts";
import { coolingLabel } from "../../components/beneficiaries/payee-tags.tsx";
import { accounts as accountResource, type Account } from "../../../../resources/accounts.ts";
import { subAccounts as subAccountResource, type SubAccount } from "../../../../resources/sub-accounts.ts";
import { ResourceFormOnDemand } from "../../components/resource/resource-form-on-demand.tsx";
import { OneTimeCodeInput, useOneTimeCode } from "../../components/money/one-time-code.tsx";
import { statusText } from "../../components/resource/use-declared.ts";
import { idempotencyHeader, newIdempotencyKey } from "../../lib/idempotency.ts";
import { PageTitle } from "../../components/layout/page-title.tsx";
import { Result, ScheduleReview } from "../../components/form/flow-steps-later.ts";
import { LaterModal } from "../../components/layout/later-modal.tsx";

type Beneficiary = { id: string; name: string; currency: string; destination_label: string; account_identifier: string; cooling_ends_at?: string | null };
/** Where a payment can come from: an account of the business, or one of its active sub-accounts. */
type Source = { id: string; name: string; currency: string; available: string; sub: boolean };
type DocumentType = keyof typeof DOCUMENT_TYPES;
type Doc = { file_name: string; content_type: DocumentType; content_base64: string; size: number };
type Draft = { accountId: string; beneficiaryId: string; amount: string; description: string; reference: string; documents: Doc[] };

const QUOTE_DEBOUNCE_MS = 500;
const EMPTY: Draft = { accountId: "", beneficiaryId: "", amount: "", description: "", reference: "", documents: [] };

const isDocumentType = (type: string): type is DocumentType => type in DOCUMENT_TYPES;

const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** The price of the payment as typed: re-asked when account, beneficiary or amount change. */
function useQuote(draft: Draft, currency: string | undefined) {
  const translate = useTranslate();
  const [quote, setQuote] = useState<FiatQuote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);
  const minor = currency && !amountProblem(draft.amount, currency) ? parseMajor(draft.amount, currency) : null;
  useEffect(() => {
    setQuote(null);
    setError(null);
    if (!draft.accountId || !draft.beneficiaryId || minor === null) return;
    let live = true;
    setLoading(true);
    const t = setTimeout(() => {
      call(paymentEndpoints.quote, { body: { source_account_id: draft.accountId, beneficiary_id: draft.beneficiaryId, amount: minor.toString() } })
        .then((r) => live && setQuote(r.data))
        .catch((e) => live && setError(isApiError(e) ? e.message : translate("payments.sendMoney.quoteError")))
        .finally(() => live && setLoading(false));
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(t);
      // A quote given up (the amount cleared, "Schedule" chosen) is no longer loading.
      setLoading(false);
    };
  }, [draft.accountId, draft.beneficiaryId, minor, version]);
  return { quote, error, loading, requote: () => setVersion((v) => v + 1) };
}

/** A new ?beneficiary= (the palette's 'Send money to', even while this page is open) starts a fresh payment to it. */
export default function SendMoneyPage() {
  const [params] = useSearchParams();
  return <SendMoneyForm key={params.get("beneficiary") ?? ""} />;
}

function SendMoneyForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const write = useWrite();
  const { can } = useSession();
  const otp = useOneTimeCode();
  const t = useTranslate();
  // "Schedule" (issue 29): the same payment on a date or a frequency; no quote is taken for it.
  const schedule = useScheduleDraft("fiat");
  const [scheduled, setScheduled] = useState<ScheduleBody | null>(null);
  const [step, setStep] = useState<"details" | "review" | "done">("details");
  const [draft, setDraft] = useState<Draft>({ ...EMPTY, accountId: params.get("account") ?? "", beneficiaryId: params.get("beneficiary") ?? "" });
  const [touched, setTouched] = useState(false);
  const [adding, setAdding] = useState(false);
  const [sending, setSending] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState("");
  const [sent, setSent] = useState<BankingTransaction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const accountsQuery = useList<Account>({ resource: accountResource.name, pagination: { pageSize: 100 }, errorNotification: false });
  // Sub-accounts pay too (SPEC §2: a sub-account's 'Make payment' opens this form with it chosen).
  const subAccountsQuery = useList<SubAccount>({
    resource: subAccountResource.name,
    pagination: { pageSize: 100 },
    errorNotification: false,
    queryOptions: { enabled: can("sub-accounts", "list") },
  });
  const beneficiariesQuery = useList<Beneficiary>({
    resource: "beneficiaries",
    pagination: { pageSize: 100 },
    meta: { params: { type: "FIAT" } },
    errorNotification: false,
  });
  const accounts: Source[] = [
    ...(accountsQuery.result?.data ?? [])
      .filter((a) => a.state === "ACTIVE" && !a.in_request_state)
      .map((a) => ({ id: a.id, name: accountLabel(a), currency: a.currency, available: a.balance.available, sub: false })),
    ...(subAccountsQuery.result?.data ?? [])
      .filter((a) => a.state === "ACTIVE")
      .map((a) => ({ id: a.id, name: accountLabel(a), currency: a.currency, available: a.balances.available, sub: true })),
  ];
  const beneficiaries = beneficiariesQuery.result?.data ?? [];
  const account = accounts.find((a) => a.id === draft.accountId);
  const beneficiary = beneficiaries.find((b) => b.id === draft.beneficiaryId);
  const { quote, error: quoteError, loading: quoting, requote } = useQuote(draft, schedule.on ? undefined : account?.currency);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const problems = useMemo(() => {
    const p: Record<string, string> = {};
    if (!account) p.account = t("payments.sendMoney.errors.account");
    if (!beneficiary) p.beneficiary = t("payments.sendMoney.errors.beneficiary");
    const amount = account ? amountProblemText(t, draft.amount, account.currency) : null;
    if (amount) p.amount = amount;
    else if (account && quote && BigInt(quote.sending_amount.amount) + BigInt(quote.total_fees.amount) > BigInt(account.available))
      p.amount = t("payments.sendMoney.errors.insufficientFunds");
    if (draft.description.length > 140) p.description = t("payments.sendMoney.errors.descriptionTooLong", { max: 140 });
    if (draft.reference.length > 35) p.reference = t("payments.sendMoney.errors.referenceTooLong", { max: 35 });
    return p;
  }, [account, beneficiary, draft, quote, t]);
  const show = (field: string) => (touched && problems[field] ? { validateStatus: "error" as const, help: problems[field] } : {});

  function toReview() {
    setTouched(true);
    if (schedule.on) return toScheduleReview();
    if (Object.keys(problems).length || !quote) return;
    setIdempotencyKey(newIdempotencyKey());
    setNotice(null);
    setStep("review");
  }

  function toScheduleReview() {
    const timing = schedule.check();
    if (Object.keys(problems).length || !timing || !account || !beneficiary) return;
    const minor = parseMajor(draft.amount, account.currency)!;
    const payment = { kind: "bank" as const, source_id: account.id, beneficiary_id: beneficiary.id, amount: minor.toString() };
    const { body, errors } = scheduleBody({ ...payment, description: draft.description, reference: draft.reference || undefined }, schedule.values);
    if (!body) return void toast.error(new Error(Object.values(errors)[0]));
    setScheduled(body);
    setStep("review");
  }

  /** The payment as it will be sent: the one-time code is asked for exactly this. */
  const payment = useMemo(
    () =>
      account && beneficiary && quote
        ? {
            source_account_id: account.id,
            beneficiary_id: beneficiary.id,
            amount: quote.sending_amount.amount,
            quote_id: account.currency === beneficiary.currency ? undefined : quote.id,
            description: draft.description,
            reference: draft.reference || undefined,
            documents: draft.documents.map(({ file_name, content_type, content_base64 }) => ({ file_name, content_type, content_base64 })),
          }
        : null,
    [account, beneficiary, quote, draft],
  );

  async function confirm() {
    if (!payment) return;
    setSending(true);
    try {
      const res = await write(paymentEndpoints.send, { body: payment, headers: { ...idempotencyHeader(idempotencyKey), ...otp.headers() } });
      toast.success(res.message);
      setSent(res.data);
      setStep("done");
    } catch (e) {
      if (isApiError(e) && (e.statusCode === 410 || e.statusCode === 409) && e.errors.some((x) => x.path === "quote_id")) {
        // The price moved on: show the new one for the person to confirm again.
        setNotice(e.message);
        setIdempotencyKey(newIdempotencyKey());
        requote();
      } else toast.error(e);
    } finally {
      setSending(false);
      otp.reset();
    }
  }

  async function addDocument(file: File) {
    if (draft.documents.length >= MAX_DOCUMENTS) return void toast.error(new Error(t("payments.sendMoney.errors.tooManyDocuments", { max: MAX_DOCUMENTS })));
    const content_type = file.type;
    if (!isDocumentType(content_type)) return void toast.error(new Error(t("payments.sendMoney.errors.documentType")));
    if (file.size > MAX_DOCUMENT_BYTES) return void toast.error(new Error(t("payments.sendMoney.errors.documentSize")));
    const content_base64 = await readBase64(file);
    setDraft((d) => ({ ...d, documents: [...d.documents, { file_name: file.name, content_type, content_base64, size: file.size }] }));
  }

  /** "USD · Operations (sub-account)": where the payment comes from. */
  const sourceName = (a: Source) => `${a.currency} · ${a.name}${a.sub ? ` ${t("payments.sendMoney.subAccount")}` : ""}`;
  const crossCurrency = !!account && !!beneficiary && account.currency !== beneficiary.currency;
  const pricing = quote && (
    <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
      <Descriptions.Item label={t("payments.sendMoney.youSend")}>{formatMoney(quote.sending_amount.amount, quote.sending_amount.currency)}</Descriptions.Item>
      <Descriptions.Item label={t("payments.sendMoney.fees")}>{formatMoney(quote.total_fees.amount, quote.total_fees.currency)}</Descriptions.Item>
      <Descriptions.Item label={t("payments.common.totalDebit")}>
        {formatMoney((BigInt(quote.sending_amount.amount) + BigInt(quote.total_fees.amount)).toString(), quote.sending_amount.currency)}
      </Descriptions.Item>
      {crossCurrency && (
        <Descriptions.Item label={t("payments.sendMoney.exchangeRate")}>
          <RateText from={quote.sending_amount.currency} to={quote.destination_amount.currency} rate={quote.exchange_rate} />
        </Descriptions.Item>
      )}
      {crossCurrency && (
        <Descriptions.Item label={t("payments.sendMoney.marketRate")}>
          <RateText from={quote.sending_amount.currency} to={quote.destination_amount.currency} rate={quote.fx_rate} />
        </Descriptions.Item>
      )}
      <Descriptions.Item label={t("payments.sendMoney.beneficiaryReceives")}>
        {formatMoney(quote.destination_amount.amount, quote.destination_amount.currency)}
      </Descriptions.Item>
    </Descriptions>
  );

  // Who must approve it and why, from the quoted amount (the server applies the same rules on sending).
  const route = quote && <ApprovalRoute scope="FIAT" currency={quote.sending_amount.currency} amount={quote.sending_amount.amount} />;
  // A schedule's payments are converted on their days: the route is that of one payment as typed.
  const perPayment = account && !amountProblem(draft.amount, account.currency) ? parseMajor(draft.amount, account.currency)?.toString() : undefined;
  const scheduleRoute = account && <ApprovalRoute scope="FIAT" currency={account.currency} amount={perPayment} beneficiaryId={beneficiary?.id} />;
  const convertedNote = crossCurrency && beneficiary && (
    <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t("payments.sendMoney.convertedNote", { currency: beneficiary.currency })} />
  );

  if (step === "done" && sent) {
    return (
      <Card style={{ maxWidth: 640 }}>
        <Suspense fallback={<Skeleton active />}>
          <Result
            status="success"
            title={t("payments.sendMoney.done.title")}
            subTitle={t("payments.sendMoney.done.subtitle", { reference: sent.reference, status: statusText(t, sent.state) })}
            extra={[
              <Button type="primary" key="view" onClick={() => navigate(`/transactions/${sent.id}`)}>
                {t("payments.common.viewTransaction")}
              </Button>,
              <Button
                key="again"
                onClick={() => {
                  setDraft({ ...EMPTY, accountId: draft.accountId });
                  setTouched(false);
                  setSent(null);
                  setStep("details");
                }}
              >
                {t("payments.sendMoney.done.sendAnother")}
              </Button>,
            ]}
          />
        </Suspense>
      </Card>
    );
  }

  return (
    <div style={{ maxWidth: 720 }}>
      <PageTitle style={{ marginTop: 0, marginBottom: 0 }}>{t("payments.sendMoney.title")}</PageTitle>
      <Typography.Text type="secondary">{t("payments.sendMoney.subtitle")}</Typography.Text>
      <Steps
        size="small"
        current={step === "details" ? 0 : 1}
        items={[{ title: t("payments.sendMoney.steps.details") }, { title: t("payments.common.reviewAndConfirm") }]}
        style={{ margin: "24px 0" }}
      />
      <Card>
        {step === "details" ? (
          <Form layout="vertical" component="div">
            <Form.Item label={t("payments.sendMoney.fromAccount")} htmlFor="send-account" {...show("account")}>
              <LaterSelect
                id="send-account"
                showSearch
                optionFilterProp="label"
                placeholder={t("payments.sendMoney.chooseAccount")}
                loading={accountsQuery.query.isLoading || subAccountsQuery.query.isLoading}
                // Until the account is among the options, nothing is shown rather than its id.
                value={account ? draft.accountId : undefined}
                onChange={(v) => set({ accountId: v })}
                options={accounts.map((a) => ({
                  value: a.id,
                  label: `${sourceName(a)} · ${t("payments.common.available", { amount: formatMoney(a.available, a.currency) })}`,
                }))}
              />
            </Form.Item>
            {accountsQuery.query.isError && <Alert type="error" showIcon message={t("payments.sendMoney.accountsError")} style={{ marginBottom: 16 }} />}
            <Form.Item label={t("payments.common.beneficiary")} htmlFor="send-beneficiary" {...show("beneficiary")}>
              <Space.Compact style={{ width: "100%" }}>
                <LaterSelect
                  id="send-beneficiary"
                  showSearch
                  optionFilterProp="label"
                  placeholder={t("payments.common.chooseBeneficiary")}
                  loading={beneficiariesQuery.query.isLoading}
                  value={draft.beneficiaryId || undefined}
                  onChange={(v) => set({ beneficiaryId: v })}
                  options={beneficiaries.map((b) => ({
                    value: b.id,
                    // Payee protection (issue 29): a payee still in its cooling period says so where it is picked.
                    label: `${b.name} · ${destinationText(t, b.destination_label)} ${b.account_identifier} · ${b.currency}${b.cooling_ends_at ? ` · ${coolingLabel(t, b.cooling_ends_at)}` : ""}`,
                  }))}
                  style={{ width: "100%" }}
                />
                {can("beneficiaries", "create") && (
                  <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                    {t("payments.sendMoney.newBeneficiary")}
                  </Button>
                )}
              </Space.Compact>
            </Form.Item>
            {beneficiariesQuery.query.isError && <Alert type="error" showIcon message={t("payments.common.beneficiariesError")} style={{ marginBottom: 16 }} />}
            {beneficiary?.cooling_ends_at && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 16 }}
                message={`${beneficiary.name}: ${coolingLabel(t, beneficiary.cooling_ends_at)}`}
                description={t("payments.sendMoney.coolingNote")}
              />
            )}
            <Form.Item label={t("payments.common.amount")} htmlFor="send-amount" {...show("amount")}>
              <Input
                id="send-amount"
                inputMode="decimal"
                addonBefore={account?.currency ?? "—"}
                placeholder="0.00"
                value={draft.amount}
                onChange={(e) => set({ amount: e.target.value })}
              />
            </Form.Item>
            {quoting && <Spin size="small" style={{ marginBottom: 16 }} />}
            {quoteError && <Alert type="error" showIcon message={quoteError} style={{ marginBottom: 16 }} />}
            {schedule.on ? scheduleRoute : pricing}
            {!schedule.on && route}
            <ScheduleChoice schedule={schedule} note={convertedNote} />
            <Form.Item label={t("payments.common.description")} htmlFor="send-description" {...show("description")}>
              <Input
                id="send-description"
                maxLength={140}
                placeholder={t("payments.sendMoney.descriptionPlaceholder")}
                value={draft.description}
                onChange={(e) => set({ description: e.target.value })}
              />
            </Form.Item>
            <Form.Item label={t("payments.common.reference")} htmlFor="send-reference" extra={t("payments.sendMoney.referenceHint")} {...show("reference")}>
              <Input id="send-reference" maxLength={35} value={draft.reference} onChange={(e) => set({ reference: e.target.value })} />
            </Form.Item>
            <Form.Item label={t("payments.sendMoney.documents")} hidden={schedule.on} extra={t("payments.sendMoney.documentsHint", { max: MAX_DOCUMENTS })}>
              <LaterUpload
                standIn={
                  <Button icon={<UploadOutlined />} disabled>
                    {t("payments.sendMoney.attachDocument")}
                  </Button>
                }
                accept={Object.keys(DOCUMENT_TYPES).join(",")}
                multiple
                fileList={draft.documents.map((d, i) => ({ uid: String(i), name: d.file_name, status: "done" as const, size: d.size }))}
                beforeUpload={(file) => {
                  void addDocument(file);
                  return false;
                }}
                onRemove={(f) => set({ documents: draft.documents.filter((_, i) => String(i) !== f.uid) })}
              >
                <Button icon={<UploadOutlined />}>{t("payments.sendMoney.attachDocument")}</Button>
              </LaterUpload>
            </Form.Item>
            <Button type="primary" onClick={toReview} disabled={quoting}>
              {t("payments.common.continue")}
            </Button>
          </Form>
        ) : scheduled && account && beneficiary ? (
          <Suspense fallback={<Skeleton active />}>
            <ScheduleReview
              body={scheduled}
              timing={schedule.values}
              currency={account.currency}
              from={sourceName(account)}
              to={`${beneficiary.name} · ${destinationText(t, beneficiary.destination_label)} ${beneficiary.account_identifier}`}
              extra={convertedNote}
              onBack={() => {
                setScheduled(null);
                setStep("details");
              }}
            />
          </Suspense>
        ) : (
          <>
            {notice && <Alert type="warning" showIcon message={notice} style={{ marginBottom: 16 }} />}
            <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t("payments.common.from")}>{account && sourceName(account)}</Descriptions.Item>
              <Descriptions.Item label={t("payments.common.to")}>
                {beneficiary && `${beneficiary.name} · ${destinationText(t, beneficiary.destination_label)} ${beneficiary.account_identifier}`}
              </Descriptions.Item>
              <Descriptions.Item label={t("payments.common.description")}>{draft.description || "—"}</Descriptions.Item>
              <Descriptions.Item label={t("payments.common.reference")}>{draft.reference || "—"}</Descriptions.Item>
              <Descriptions.Item label={t("payments.sendMoney.documentsLabel")}>{draft.documents.map((d) => d.file_name).join(", ") || "—"}</Descriptions.Item>
            </Descriptions>
            {quote ? pricing : <Spin />}
            {route}
            {quote && crossCurrency && (
              <Typography.Paragraph type="secondary">
                {t("payments.sendMoney.priceHolds", {
                  time: formatTime(quote.expires_at),
                  amount: formatMoney(quote.destination_amount.amount, quote.destination_amount.currency),
                })}
              </Typography.Paragraph>
            )}
            <Form layout="vertical" component="div">
              <OneTimeCodeInput otp={otp} request={payment && { endpoint: paymentEndpoints.send, body: payment }} />
            </Form>
            <Space>
              <Button onClick={() => setStep("details")} disabled={sending}>
                {t("payments.common.back")}
              </Button>
              <Button type="primary" onClick={confirm} loading={sending} disabled={!quote || !otp.ready}>
                {t("payments.common.confirmAndSend")}
              </Button>
            </Space>
          </>
        )}
      </Card>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {t("payments.sendMoney.bulkHint.before")}
        <Link to="/payments/bulk-payment">{t("payments.sendMoney.bulkHint.link")}</Link>
        {t("payments.sendMoney.bulkHint.after")}
      </Typography.Paragraph>
      <LaterModal title={t("payments.sendMoney.newBeneficiary")} open={adding} onCancel={() => setAdding(false)} footer={null} destroyOnHidden width={560}>
        <ResourceFormOnDemand
          def={beneficiaryResource}
          mode="create"
          onDone={(saved) => {
            setAdding(false);
            if (saved?.id) set({ beneficiaryId: saved.id });
            void beneficiariesQuery.query.refetch();
          }}
        />
      </LaterModal>
    </div>
  );
}

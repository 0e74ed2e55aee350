/**
 * Send money (SPEC §2 /payments/send/money): domestic and international wires from an account to a
 * beneficiary (picked, or added inline), the quote when currencies differ, description, reference,
 * supporting documents, a review step with the one-time code, and the result. ?account= presets the
 * source (Make a transfer on an account, Make payment on a sub-account); ?beneficiary= presets the
 * beneficiary (the command palette's 'Send money to <name>').
 */
import { ApprovalRoute } from "../../components/approvals/approval-route.tsx";
import { ScheduleChoice } from "../../components/schedule/schedule-choice.tsx";
import { ScheduleReview } from "../../components/schedule/schedule-review.tsx";
import { scheduleBody, useScheduleDraft, type ScheduleBody } from "../../components/schedule/schedule-draft.ts";
import { useEffect, useMemo, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useList } from "@refinedev/core";
import { Alert, Button, Card, Descriptions, Form, Input, Modal, Result, Select, Space, Spin, Steps, Typography, Upload } from "antd";
import { PlusOutlined, UploadOutlined } from "@ant-design/icons";
import { isApiError } from "../../api/client.ts";
import { call } from "../../api/call.ts";
import { useWrite } from "../../api/write.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { useSession } from "../../session/session.tsx";
import { amountProblem, formatMoney, parseMajor } from "../../../lib/money.ts";
import { accountLabel } from "../../../lib/labels.ts";
import { formatTime } from "../../../lib/dates.ts";
import { RateText } from "../../components/money/figures.tsx";
import { DOCUMENT_TYPES, MAX_DOCUMENT_BYTES, MAX_DOCUMENTS, paymentEndpoints, type FiatQuote } from "../../../../resources/payments.ts";
import type { BankingTransaction } from "../../../../resources/transaction-views.ts";
import { beneficiaries as beneficiaryResource } from "../../../../resources/beneficiaries.ts";
import { coolingLabel } from "../../components/beneficiaries/payee-tags.tsx";
import type { Account } from "../../../../resources/accounts.ts";
import type { SubAccount } from "../../../../resources/sub-accounts.ts";
import { ResourceForm } from "../../components/resource/resource-form.tsx";
import { OneTimeCodeInput, useOneTimeCode } from "../../components/money/one-time-code.tsx";
import { humanize } from "../../components/resource/renderers.tsx";
import { idempotencyHeader, newIdempotencyKey } from "../../lib/idempotency.ts";
import { PageTitle } from "../../components/layout/page-title.tsx";

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
        .catch((e) => live && setError(isApiError(e) ? e.message : "Could not get a quote"))
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

  const accountsQuery = useList<Account>({ resource: "accounts", pagination: { pageSize: 100 }, errorNotification: false });
  // Sub-accounts pay too (SPEC §2: a sub-account's 'Make payment' opens this form with it chosen).
  const subAccountsQuery = useList<SubAccount>({
    resource: "sub-accounts",
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
    if (!account) p.account = "Please select an account";
    if (!beneficiary) p.beneficiary = "Please select a beneficiary";
    const amount = account ? amountProblem(draft.amount, account.currency) : null;
    if (amount) p.amount = amount;
    else if (account && quote && BigInt(quote.sending_amount.amount) + BigInt(quote.total_fees.amount) > BigInt(account.available))
      p.amount = "Insufficient funds";
    if (draft.description.length > 140) p.description = "Description must be at most 140 characters";
    if (draft.reference.length > 35) p.reference = "Reference must be at most 35 characters";
    return p;
  }, [account, beneficiary, draft, quote]);
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
    if (draft.documents.length >= MAX_DOCUMENTS) return void toast.error(new Error(`Attach at most ${MAX_DOCUMENTS} documents`));
    const content_type = file.type;
    if (!isDocumentType(content_type)) return void toast.error(new Error("Documents must be PDF, PNG or JPEG files"));
    if (file.size > MAX_DOCUMENT_BYTES) return void toast.error(new Error("Each document must be at most 2 MB"));
    const content_base64 = await readBase64(file);
    setDraft((d) => ({ ...d, documents: [...d.documents, { file_name: file.name, content_type, content_base64, size: file.size }] }));
  }

  const crossCurrency = !!account && !!beneficiary && account.currency !== beneficiary.currency;
  const pricing = quote && (
    <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
      <Descriptions.Item label="You send">{formatMoney(quote.sending_amount.amount, quote.sending_amount.currency)}</Descriptions.Item>
      <Descriptions.Item label="Fees">{formatMoney(quote.total_fees.amount, quote.total_fees.currency)}</Descriptions.Item>
      <Descriptions.Item label="Total debit">
        {formatMoney((BigInt(quote.sending_amount.amount) + BigInt(quote.total_fees.amount)).toString(), quote.sending_amount.currency)}
      </Descriptions.Item>
      {crossCurrency && (
        <Descriptions.Item label="Exchange rate">
          <RateText from={quote.sending_amount.currency} to={quote.destination_amount.currency} rate={quote.exchange_rate} />
        </Descriptions.Item>
      )}
      {crossCurrency && (
        <Descriptions.Item label="Market rate">
          <RateText from={quote.sending_amount.currency} to={quote.destination_amount.currency} rate={quote.fx_rate} />
        </Descriptions.Item>
      )}
      <Descriptions.Item label="Beneficiary receives">{formatMoney(quote.destination_amount.amount, quote.destination_amount.currency)}</Descriptions.Item>
    </Descriptions>
  );

  // Who must approve it and why, from the quoted amount (the server applies the same rules on sending).
  const route = quote && <ApprovalRoute scope="FIAT" currency={quote.sending_amount.currency} amount={quote.sending_amount.amount} />;
  // A schedule's payments are converted on their days: the route is that of one payment as typed.
  const perPayment = account && !amountProblem(draft.amount, account.currency) ? parseMajor(draft.amount, account.currency)?.toString() : undefined;
  const scheduleRoute = account && <ApprovalRoute scope="FIAT" currency={account.currency} amount={perPayment} beneficiaryId={beneficiary?.id} />;
  const convertedNote = crossCurrency && beneficiary && (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      message={`Each payment is converted at the rate of its day: the beneficiary receives ${beneficiary.currency}, no rate is fixed in advance.`}
    />
  );

  if (step === "done" && sent) {
    return (
      <Card style={{ maxWidth: 640 }}>
        <Result
          status="success"
          title="Your payment is being processed"
          subTitle={`Reference ${sent.reference} · Status: ${humanize(sent.state)}`}
          extra={[
            <Button type="primary" key="view" onClick={() => navigate(`/transactions/${sent.id}`)}>
              View transaction
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
              Send another payment
            </Button>,
          ]}
        />
      </Card>
    );
  }

  return (
    <div style={{ maxWidth: 720 }}>
      <PageTitle style={{ marginTop: 0, marginBottom: 0 }}>Send money</PageTitle>
      <Typography.Text type="secondary">Send a domestic or international wire to a beneficiary</Typography.Text>
      <Steps
        size="small"
        current={step === "details" ? 0 : 1}
        items={[{ title: "Payment details" }, { title: "Review and confirm" }]}
        style={{ margin: "24px 0" }}
      />
      <Card>
        {step === "details" ? (
          <Form layout="vertical" component="div">
            <Form.Item label="From account" htmlFor="send-account" {...show("account")}>
              <Select
                id="send-account"
                showSearch
                optionFilterProp="label"
                placeholder="Choose an account"
                loading={accountsQuery.query.isLoading || subAccountsQuery.query.isLoading}
                // Until the account is among the options, nothing is shown rather than its id.
                value={account ? draft.accountId : undefined}
                onChange={(v) => set({ accountId: v })}
                options={accounts.map((a) => ({
                  value: a.id,
                  label: `${a.currency} · ${a.name}${a.sub ? " (sub-account)" : ""} · ${formatMoney(a.available, a.currency)} available`,
                }))}
              />
            </Form.Item>
            {accountsQuery.query.isError && <Alert type="error" showIcon message="Error fetching accounts" style={{ marginBottom: 16 }} />}
            <Form.Item label="Beneficiary" htmlFor="send-beneficiary" {...show("beneficiary")}>
              <Space.Compact style={{ width: "100%" }}>
                <Select
                  id="send-beneficiary"
                  showSearch
                  optionFilterProp="label"
                  placeholder="Choose a beneficiary"
                  loading={beneficiariesQuery.query.isLoading}
                  value={draft.beneficiaryId || undefined}
                  onChange={(v) => set({ beneficiaryId: v })}
                  options={beneficiaries.map((b) => ({
                    value: b.id,
                    // Payee protection (issue 29): a payee still in its cooling period says so where it is picked.
                    label: `${b.name} · ${b.destination_label} ${b.account_identifier} · ${b.currency}${b.cooling_ends_at ? ` · ${coolingLabel(b.cooling_ends_at)}` : ""}`,
                  }))}
                  style={{ width: "100%" }}
                />
                {can("beneficiaries", "create") && (
                  <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                    New beneficiary
                  </Button>
                )}
              </Space.Compact>
            </Form.Item>
            {beneficiariesQuery.query.isError && <Alert type="error" showIcon message="Error fetching beneficiaries" style={{ marginBottom: 16 }} />}
            {beneficiary?.cooling_ends_at && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 16 }}
                message={`${beneficiary.name}: ${coolingLabel(beneficiary.cooling_ends_at)}`}
                description="Until then a payment to it needs one more approval, or is refused, as your business has set in Settings → Payee protection."
              />
            )}
            <Form.Item label="Amount" htmlFor="send-amount" {...show("amount")}>
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
            <Form.Item label="Description" htmlFor="send-description" {...show("description")}>
              <Input
                id="send-description"
                maxLength={140}
                placeholder="What is this payment for?"
                value={draft.description}
                onChange={(e) => set({ description: e.target.value })}
              />
            </Form.Item>
            <Form.Item label="Reference" htmlFor="send-reference" extra="Shown to the beneficiary on their statement" {...show("reference")}>
              <Input id="send-reference" maxLength={35} value={draft.reference} onChange={(e) => set({ reference: e.target.value })} />
            </Form.Item>
            <Form.Item label="Supporting documents" hidden={schedule.on} extra={`Up to ${MAX_DOCUMENTS} PDF, PNG or JPEG files, 2 MB each`}>
              <Upload
                accept={Object.keys(DOCUMENT_TYPES).join(",")}
                multiple
                fileList={draft.documents.map((d, i) => ({ uid: String(i), name: d.file_name, status: "done" as const, size: d.size }))}
                beforeUpload={(file) => {
                  void addDocument(file);
                  return false;
                }}
                onRemove={(f) => set({ documents: draft.documents.filter((_, i) => String(i) !== f.uid) })}
              >
                <Button icon={<UploadOutlined />}>Attach document</Button>
              </Upload>
            </Form.Item>
            <Button type="primary" onClick={toReview} disabled={quoting}>
              Continue
            </Button>
          </Form>
        ) : scheduled && account && beneficiary ? (
          <ScheduleReview
            body={scheduled}
            timing={schedule.values}
            currency={account.currency}
            from={`${account.currency} · ${account.name}${account.sub ? " (sub-account)" : ""}`}
            to={`${beneficiary.name} · ${beneficiary.destination_label} ${beneficiary.account_identifier}`}
            extra={convertedNote}
            onBack={() => {
              setScheduled(null);
              setStep("details");
            }}
          />
        ) : (
          <>
            {notice && <Alert type="warning" showIcon message={notice} style={{ marginBottom: 16 }} />}
            <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label="From">{account && `${account.currency} · ${account.name}${account.sub ? " (sub-account)" : ""}`}</Descriptions.Item>
              <Descriptions.Item label="To">
                {beneficiary && `${beneficiary.name} · ${beneficiary.destination_label} ${beneficiary.account_identifier}`}
              </Descriptions.Item>
              <Descriptions.Item label="Description">{draft.description || "—"}</Descriptions.Item>
              <Descriptions.Item label="Reference">{draft.reference || "—"}</Descriptions.Item>
              <Descriptions.Item label="Documents">{draft.documents.map((d) => d.file_name).join(", ") || "—"}</Descriptions.Item>
            </Descriptions>
            {quote ? pricing : <Spin />}
            {route}
            {quote && crossCurrency && (
              <Typography.Paragraph type="secondary">
                This price holds until {formatTime(quote.expires_at)}; the beneficiary receives exactly{" "}
                {formatMoney(quote.destination_amount.amount, quote.destination_amount.currency)}.
              </Typography.Paragraph>
            )}
            <Form layout="vertical" component="div">
              <OneTimeCodeInput otp={otp} request={payment && { endpoint: paymentEndpoints.send, body: payment }} />
            </Form>
            <Space>
              <Button onClick={() => setStep("details")} disabled={sending}>
                Back
              </Button>
              <Button type="primary" onClick={confirm} loading={sending} disabled={!quote || !otp.ready}>
                Confirm and send
              </Button>
            </Space>
          </>
        )}
      </Card>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        Paying many beneficiaries at once? Use <Link to="/payments/bulk-payment">bulk payments</Link>.
      </Typography.Paragraph>
      <Modal title="New beneficiary" open={adding} onCancel={() => setAdding(false)} footer={null} destroyOnHidden width={560}>
        <ResourceForm
          def={beneficiaryResource}
          mode="create"
          onDone={(saved) => {
            setAdding(false);
            if (saved?.id) set({ beneficiaryId: saved.id });
            void beneficiariesQuery.query.refetch();
          }}
        />
      </Modal>
    </div>
  );
}

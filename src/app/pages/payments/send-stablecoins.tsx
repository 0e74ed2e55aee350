/**
 * /crypto/send-stablecoins (SPEC §2 Send stablecoins): from a wallet (preset by ?wallet=<id>) to a
 * saved crypto beneficiary on the wallet's currency and chain, or to a new address checked against
 * that chain; the network fee and the total debit are shown before confirming. Review holds the
 * one-time code and one Idempotency-Key per confirmation (kept across retries); then the result.
 */
import { ScheduleChoice } from "../../components/schedule/schedule-choice.tsx";
import { scheduleBody, useScheduleDraft, type ScheduleBody } from "../../components/schedule/schedule-draft.ts";
import { Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useList, useTranslate } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { zodResolver } from "../../i18n/validation.ts";
import { z } from "zod";
import { Alert, Button, Card, Descriptions, Empty, Flex, Form, Input, Radio, Skeleton, Steps, Typography } from "antd";
import { LaterSelect } from "../../components/form/later-controls.tsx";
import { PlusOutlined } from "@ant-design/icons";
import { isApiError } from "../../api/client.ts";
import { call } from "../../api/call.ts";
import { useWrite } from "../../api/write.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { useSession } from "../../session/session.tsx";
import { Field, applyServerErrors } from "../../components/form/field.tsx";
import { useOneTimeCode } from "../../components/money/one-time-code.tsx";
import { ResourceFormOnDemand } from "../../components/resource/resource-form-on-demand.tsx";
import { Result, ScheduleReview } from "../../components/form/flow-steps-later.ts";
import { StatusTag } from "../../components/resource/state-tag.tsx";
import { shorten } from "../../../lib/shorten.ts";
import { idempotencyHeader, newIdempotencyKey } from "../../lib/idempotency.ts";
import { formatMoney, parseMajor, precisionOf } from "../../../lib/money.ts";
import { networkOf, type Blockchain } from "../../../lib/assets.ts";
import { SendStablecoins, addressProblem, cryptoSendEndpoints } from "../../../../resources/crypto-send.ts";
import { addressProblemText } from "../../i18n/shared-labels.ts";
import type { CryptoTransaction } from "../../../../resources/transaction-views.ts";
import { cryptoBeneficiaries, type Beneficiary } from "../../../../resources/beneficiaries.ts";
import { coolingLabel } from "../../components/beneficiaries/payee-tags.tsx";
import { wallets as walletResource, type Wallet } from "../../../../resources/wallets.ts";
import { PageTitle } from "../../components/layout/page-title.tsx";
import type { StablecoinDraft } from "./stablecoin-review.tsx";
import { lazyNamed, prefetchWhenIdle } from "../../lib/lazy.ts";
import { LaterModal } from "../../components/layout/later-modal.tsx";

// The review step loads once the form is on screen (fetched when the browser is idle), not with it.
const loadReview = () => import("./stablecoin-review.tsx");
const StablecoinReview = lazyNamed(loadReview, "StablecoinReview");

type Values = {
  wallet_id?: string;
  destination: "beneficiary" | "address";
  beneficiary_id?: string;
  address: string;
  name: string;
  amount: string;
  description: string;
};

const FORM_PATHS = ["wallet_id", "beneficiary_id", "address", "name", "amount", "description"];
type Translate = ReturnType<typeof useTranslate>;

/** What is wrong with the amount typed (major units), given the wallet's balance and the fee. */
function amountProblem(t: Translate, text: string, wallet?: Wallet, fee?: bigint): string | null {
  const currency = wallet?.currency ?? "USDT";
  const clean = text.replace(/,/g, "").trim();
  if (!clean) return t("payments.sendStablecoins.errors.amountRequired");
  if (!/^\d+(\.\d*)?$/.test(clean)) return t("payments.sendStablecoins.errors.amountFormat");
  const decimals = precisionOf(currency);
  const amount = parseMajor(clean, currency);
  if (amount === null) return t("payments.sendStablecoins.errors.decimals", { currency, decimals });
  if (amount <= 0n) return t("payments.sendStablecoins.errors.notPositive");
  if (wallet && fee !== undefined) {
    const available = BigInt(wallet.available_balance);
    if (available <= fee)
      return t("payments.sendStablecoins.errors.feeNotCovered", { available: formatMoney(available, currency), fee: formatMoney(fee, currency) });
    if (amount + fee > available)
      return t("payments.sendStablecoins.errors.overBalance", { fee: formatMoney(fee, currency), max: formatMoney(available - fee, currency) });
  }
  return null;
}

/** The shared send rules, plus what only the page knows: the wallet's chain, balance and fee. */
function schemaFor(t: Translate, wallet?: Wallet, fee?: bigint) {
  return z.preprocess(
    (raw) => {
      const v = raw as Values;
      const saved = v.destination === "beneficiary";
      return {
        ...v,
        beneficiary_id: saved ? v.beneficiary_id || undefined : undefined,
        address: saved ? undefined : v.address.trim() || undefined,
        name: saved ? undefined : v.name,
      };
    },
    SendStablecoins.safeExtend({ destination: z.enum(["beneficiary", "address"]), amount: z.string() }).superRefine(
      (v, ctx) => {
        if (v.destination === "address") {
          if (!v.address) ctx.addIssue({ code: "custom", path: ["address"], message: t("payments.sendStablecoins.errors.addressRequired") });
          const problem = v.address && wallet ? addressProblem(wallet.blockchain as Blockchain, v.address) : null;
          if (problem) ctx.addIssue({ code: "custom", path: ["address"], message: addressProblemText(t, problem) });
        }
        const problem = amountProblem(t, String(v.amount ?? ""), wallet, fee);
        if (problem) ctx.addIssue({ code: "custom", path: ["amount"], message: problem });
      },
      // Every field's message at once, not only after the others are right.
      { when: () => true },
    ),
  );
}

export default function SendStablecoinsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const write = useWrite();
  const { can } = useSession();
  const otp = useOneTimeCode();
  const t = useTranslate();
  const [step, setStep] = useState<"form" | "review" | "done">("form");
  useEffect(() => prefetchWhenIdle(loadReview), []);
  const [draft, setDraft] = useState<StablecoinDraft | null>(null);
  const [key, setKey] = useState("");
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ message: string; data: CryptoTransaction } | null>(null);
  const [adding, setAdding] = useState(false);
  // "Schedule" (issue 29): sends on a date or a frequency, to a saved beneficiary only.
  const schedule = useScheduleDraft("crypto");
  const [scheduled, setScheduled] = useState<{ body: ScheduleBody; wallet: Wallet; to: string } | null>(null);

  const wallets = useList<Wallet>({ resource: walletResource.name, pagination: { pageSize: 100 }, errorNotification: false });
  const beneficiaries = useList<Beneficiary>({ resource: "crypto-beneficiaries", pagination: { pageSize: 100 }, errorNotification: false });
  const walletList = wallets.result.data ?? [];

  const context = useRef<{ wallet?: Wallet; fee?: bigint }>({});
  // Built per validation, so it always checks against the wallet and fee on screen.
  const resolver: Resolver<Values> = (values, ctx, options) =>
    (zodResolver(schemaFor(t, context.current.wallet, context.current.fee) as never) as unknown as Resolver<Values>)(values, ctx, options);
  const blank: Values = {
    wallet_id: params.get("wallet") ?? undefined,
    destination: "beneficiary",
    beneficiary_id: undefined,
    address: "",
    name: "",
    amount: "",
    description: "",
  };
  const form = useForm<Values>({ resolver, mode: "onChange", defaultValues: blank });
  const values = useWatch({ control: form.control });

  const wallet = walletList.find((w) => w.id === values.wallet_id);
  const feeQuery = useQuery({
    queryKey: ["network-fee", wallet?.id],
    enabled: !!wallet,
    queryFn: async () => (await call(cryptoSendEndpoints.networkFee, { query: { wallet_id: wallet!.id } })).data,
  });
  const fee = wallet && feeQuery.data ? BigInt(feeQuery.data.fee.value) : undefined;
  // A schedule's sends are paid from the balance of their days: today's balance is not asked of it.
  context.current = { wallet, fee: schedule.on ? undefined : fee };

  // A ?wallet= that is not one of this business's wallets is dropped rather than shown as an id.
  useEffect(() => {
    if (wallets.query.isSuccess && values.wallet_id && !wallet) form.setValue("wallet_id", undefined);
  }, [wallets.query.isSuccess, values.wallet_id, wallet, form]);
  // Another wallet or its fee changes what a typed address and amount may be: check them again.
  useEffect(() => {
    const typed = (["address", "amount"] as const).filter((n) => form.getValues(n));
    if (typed.length) void form.trigger(typed);
  }, [wallet?.id, fee, form]);

  const matching = useMemo(
    () => (beneficiaries.result.data ?? []).filter((b) => wallet && b.currency === wallet.currency && b.details.blockchain === wallet.blockchain),
    [beneficiaries.result.data, wallet],
  );
  const amount = wallet && !amountProblem(t, values.amount ?? "", wallet) ? parseMajor(values.amount ?? "", wallet.currency) : null;

  // A schedule pays a saved beneficiary: a typed address is not kept for later sends.
  useEffect(() => {
    if (schedule.on) form.setValue("destination", "beneficiary");
  }, [schedule.on, form]);

  const review = form.handleSubmit((v) => {
    if (!wallet || fee === undefined) return;
    const saved = v.destination === "beneficiary";
    const b = matching.find((x) => x.id === v.beneficiary_id);
    const minor = parseMajor(v.amount, wallet.currency)!;
    if (schedule.on) {
      const timing = schedule.check();
      if (!timing || !b) return;
      const payment = { kind: "stablecoin" as const, source_id: wallet.id, beneficiary_id: b.id, amount: minor.toString() };
      const { body, errors } = scheduleBody({ ...payment, description: (v.description ?? "").trim() }, schedule.values);
      if (!body) return void toast.error(new Error(Object.values(errors)[0]));
      setDraft(null);
      setScheduled({ body, wallet, to: b.name });
      setStep("review");
      return;
    }
    const address = saved ? "" : (v.address ?? "").trim();
    const body: StablecoinDraft["body"] = { wallet_id: wallet.id, amount: minor.toString() };
    if (saved) body.beneficiary_id = v.beneficiary_id!;
    else body.address = address;
    // The resolver hands over the parsed values: trimmed, the other destination's fields dropped.
    const name = saved ? "" : (v.name ?? "").trim();
    if (name) body.name = name;
    if ((v.description ?? "").trim()) body.description = v.description.trim();
    setDraft({
      body,
      wallet,
      to: saved ? (b?.name ?? "") : name || t("payments.sendStablecoins.externalWallet"),
      address: saved ? (b?.details.address ?? "") : address,
      amount: minor,
      fee,
      description: body.description ?? "",
    });
    // One key for this confirmation: retries of it reuse it, a changed payment gets a new one.
    setKey(newIdempotencyKey());
    otp.reset();
    setStep("review");
  });

  async function confirm() {
    if (!draft) return;
    setSending(true);
    try {
      const res = await write(cryptoSendEndpoints.send, { body: draft.body, headers: { ...idempotencyHeader(key), ...otp.headers() } });
      setSent(res);
      setStep("done");
    } catch (e) {
      toast.error(e);
      if (!isApiError(e)) return; // no answer: the same key may be retried as it is
      otp.reset(); // a code is used up once checked
      const fieldErrors = e.errors.filter((x) => FORM_PATHS.includes(x.path));
      if (fieldErrors.length || e.statusCode === 422) {
        setStep("form");
        applyServerErrors(fieldErrors, form.setError);
        if (e.statusCode === 422 && !fieldErrors.length) form.setError("amount", { message: e.message });
      }
    } finally {
      setSending(false);
    }
  }

  function another() {
    form.reset({ ...blank, wallet_id: draft?.wallet.id });
    setDraft(null);
    setSent(null);
    setStep("form");
  }

  const addDef = useMemo(
    () =>
      wallet && {
        ...cryptoBeneficiaries,
        // The new beneficiary receives what this wallet sends: its currency on its chain.
        fields: (cryptoBeneficiaries.fields ?? []).filter((f) => !["type", "currency", "details.blockchain"].includes(f.name)),
        formDefaults: { ...cryptoBeneficiaries.formDefaults, currency: wallet.currency, details: { blockchain: wallet.blockchain } },
      },
    [wallet],
  );

  const walletOptions = walletList.map((w) => ({
    value: w.id,
    disabled: w.state !== "ACTIVE",
    label: `${w.currency} · ${networkOf(w.blockchain)} · ${t("payments.common.available", { amount: formatMoney(w.available_balance, w.currency) })}${w.name !== `${w.currency} wallet` ? ` (${w.name})` : ""}`,
  }));

  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      <div>
        <PageTitle style={{ margin: 0 }}>{t("payments.sendStablecoins.title")}</PageTitle>
        <Typography.Text type="secondary">{t("payments.sendStablecoins.subtitle")}</Typography.Text>
      </div>
      <Steps
        size="small"
        current={["form", "review", "done"].indexOf(step)}
        status={step === "done" ? "finish" : "process"}
        items={[
          { title: t("payments.sendStablecoins.steps.details") },
          { title: t("payments.sendStablecoins.steps.review") },
          { title: t("payments.sendStablecoins.steps.sent") },
        ]}
      />

      <div hidden={step !== "form"}>
        <Card>
          {wallets.query.isError && <Alert type="error" showIcon message={t("payments.sendStablecoins.walletsError")} style={{ marginBottom: 16 }} />}
          {wallets.query.isSuccess && walletList.length === 0 ? (
            <Empty description={t("payments.sendStablecoins.noWallets")}>
              <Button type="primary" onClick={() => navigate("/crypto/wallets")}>
                {t("payments.sendStablecoins.goToWallets")}
              </Button>
            </Empty>
          ) : (
            <Form layout="vertical" component="form" onFinish={review} noValidate>
              <Field
                control={form.control}
                name="wallet_id"
                label={t("payments.sendStablecoins.fromWallet")}
                extra={wallet && t("payments.common.availableBalance", { amount: formatMoney(wallet.available_balance, wallet.currency) })}
              >
                {(f) => (
                  <LaterSelect
                    id={f.id}
                    value={wallet ? f.value : undefined}
                    onBlur={f.onBlur}
                    options={walletOptions}
                    loading={wallets.query.isLoading}
                    placeholder={t("payments.sendStablecoins.chooseWallet")}
                    onChange={(v) => {
                      f.onChange(v);
                      form.setValue("beneficiary_id", undefined);
                    }}
                  />
                )}
              </Field>
              <Form.Item
                label={t("payments.sendStablecoins.network")}
                htmlFor="network"
                extra={wallet && t("payments.sendStablecoins.networkHint", { currency: wallet.currency, network: networkOf(wallet.blockchain) })}
              >
                <Input
                  id="network"
                  readOnly
                  variant="filled"
                  value={wallet ? networkOf(wallet.blockchain) : ""}
                  placeholder={t("payments.sendStablecoins.networkPlaceholder")}
                />
              </Form.Item>
              <Field control={form.control} name="destination" label={t("payments.sendStablecoins.sendTo")}>
                {(f) => (
                  <Radio.Group
                    id={f.id}
                    value={f.value}
                    onChange={(e) => f.onChange(e.target.value)}
                    optionType="button"
                    buttonStyle="solid"
                    options={[
                      { value: "beneficiary", label: t("payments.sendStablecoins.savedBeneficiary") },
                      { value: "address", label: t("payments.sendStablecoins.newAddress"), disabled: schedule.on },
                    ]}
                  />
                )}
              </Field>
              {values.destination === "beneficiary" ? (
                <>
                  <Field control={form.control} name="beneficiary_id" label={t("payments.common.beneficiary")}>
                    {(f) => (
                      <LaterSelect
                        id={f.id}
                        value={f.value}
                        onChange={f.onChange}
                        onBlur={f.onBlur}
                        disabled={!wallet}
                        loading={beneficiaries.query.isLoading}
                        placeholder={wallet ? t("payments.common.chooseBeneficiary") : t("payments.sendStablecoins.chooseWalletFirst")}
                        options={matching.map((b) => ({
                          value: b.id,
                          // Payee protection (issue 29): a payee still in its cooling period says so where it is picked.
                          label: b.cooling_ends_at ? `${b.name} · ${coolingLabel(t, b.cooling_ends_at)}` : b.name,
                          title: b.name,
                          address: b.details.address ?? "",
                        }))}
                        optionRender={(o) => (
                          <Flex vertical>
                            <span>{o.label}</span>
                            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                              {shorten(o.data.address, 10, 6)}
                            </Typography.Text>
                          </Flex>
                        )}
                        notFoundContent={null}
                      />
                    )}
                  </Field>
                  {beneficiaries.query.isError && (
                    <Alert type="error" showIcon message={t("payments.common.beneficiariesError")} style={{ marginBottom: 16 }} />
                  )}
                  {wallet && beneficiaries.query.isSuccess && (matching.length === 0 || can("crypto-beneficiaries", "create")) && (
                    <Flex align="center" gap={8} wrap style={{ marginTop: -8, marginBottom: 16 }}>
                      {matching.length === 0 && (
                        <Typography.Text type="secondary">
                          {t("payments.sendStablecoins.noMatching", { currency: wallet.currency, network: networkOf(wallet.blockchain) })}
                          {can("crypto-beneficiaries", "create")
                            ? ` ${t("payments.sendStablecoins.addOneOrAddress")}`
                            : ` ${t("payments.sendStablecoins.useNewAddress")}`}
                        </Typography.Text>
                      )}
                      {can("crypto-beneficiaries", "create") && (
                        <Button size="small" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                          {t("payments.sendStablecoins.addBeneficiary")}
                        </Button>
                      )}
                    </Flex>
                  )}
                </>
              ) : (
                <>
                  <Field control={form.control} name="address" label={t("payments.sendStablecoins.walletAddress")}>
                    {(f) => (
                      <Input
                        id={f.id}
                        value={f.value}
                        onChange={(e) => f.onChange(e.target.value)}
                        onBlur={f.onBlur}
                        autoComplete="off"
                        spellCheck={false}
                        placeholder={
                          wallet?.blockchain === "ETHEREUM" ? "0x…" : wallet?.blockchain === "TRON" ? "T…" : t("payments.sendStablecoins.chooseWalletFirst")
                        }
                      />
                    )}
                  </Field>
                  <Field control={form.control} name="name" label={t("payments.sendStablecoins.recipientName")}>
                    {(f) => <Input id={f.id} value={f.value} onChange={(e) => f.onChange(e.target.value)} onBlur={f.onBlur} maxLength={100} />}
                  </Field>
                </>
              )}
              <Field control={form.control} name="amount" label={t("payments.common.amount")}>
                {(f) => (
                  <Input
                    id={f.id}
                    value={f.value}
                    onChange={(e) => f.onChange(e.target.value)}
                    onBlur={f.onBlur}
                    inputMode="decimal"
                    placeholder="0.00"
                    suffix={wallet?.currency}
                  />
                )}
              </Field>
              <Field control={form.control} name="description" label={t("payments.sendStablecoins.descriptionOptional")}>
                {(f) => <Input id={f.id} value={f.value} onChange={(e) => f.onChange(e.target.value)} onBlur={f.onBlur} maxLength={140} showCount />}
              </Field>
              <ScheduleChoice schedule={schedule} />
              {wallet && (
                <>
                  {feeQuery.isError && (
                    <Alert
                      type="error"
                      showIcon
                      style={{ marginBottom: 16 }}
                      message={t("payments.sendStablecoins.feeError")}
                      action={
                        <Button size="small" onClick={() => feeQuery.refetch()}>
                          {t("payments.sendStablecoins.retry")}
                        </Button>
                      }
                    />
                  )}
                  <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }} aria-label={t("payments.sendStablecoins.cost")}>
                    <Descriptions.Item label={t("payments.sendStablecoins.networkFee")}>
                      <span data-testid="network-fee">
                        {fee !== undefined
                          ? formatMoney(fee, wallet.currency)
                          : feeQuery.isError
                            ? t("payments.sendStablecoins.unavailable")
                            : t("payments.sendStablecoins.loading")}
                      </span>
                    </Descriptions.Item>
                    <Descriptions.Item label={t("payments.common.totalDebit")}>
                      <span data-testid="total-debit">{amount && fee !== undefined ? formatMoney(amount + fee, wallet.currency) : "—"}</span>
                    </Descriptions.Item>
                  </Descriptions>
                </>
              )}
              <Button type="primary" htmlType="submit" disabled={!!wallet && fee === undefined} loading={!!wallet && feeQuery.isLoading}>
                {t("payments.common.continue")}
              </Button>
            </Form>
          )}
        </Card>
      </div>

      {step === "review" && scheduled && (
        <Card title={t("payments.common.reviewAndConfirm")}>
          <Suspense fallback={<Skeleton active />}>
            <ScheduleReview
              body={scheduled.body}
              timing={schedule.values}
              currency={scheduled.wallet.currency}
              from={`${scheduled.wallet.currency} · ${networkOf(scheduled.wallet.blockchain)} (${shorten(scheduled.wallet.address, 8, 6)})`}
              to={scheduled.to}
              extra={
                fee !== undefined && (
                  <Typography.Paragraph type="secondary">
                    {t("payments.sendStablecoins.scheduleFee", { fee: formatMoney(fee, scheduled.wallet.currency) })}
                  </Typography.Paragraph>
                )
              }
              onBack={() => {
                setScheduled(null);
                setStep("form");
              }}
            />
          </Suspense>
        </Card>
      )}

      {step === "review" && draft && (
        <Card title={t("payments.common.reviewAndConfirm")}>
          <Suspense fallback={<Skeleton active />}>
            <StablecoinReview draft={draft} otp={otp} sending={sending} onBack={() => setStep("form")} onConfirm={confirm} />
          </Suspense>
        </Card>
      )}

      {step === "done" && sent && draft && (
        <Card>
          <Suspense fallback={<Skeleton active />}>
            <Result
              status="success"
              title={sent.message}
              subTitle={
                <Flex vertical gap={8} align="center">
                  <span>
                    {t("payments.sendStablecoins.done.summary", {
                      amount: formatMoney(sent.data.sending_amount.value, sent.data.sending_amount.currency),
                      to: draft.to,
                      network: networkOf(draft.wallet.blockchain),
                    })}
                  </span>
                  <span>
                    {t("payments.sendStablecoins.done.status")} <StatusTag value={sent.data.state} />
                  </span>
                  {sent.data.state === "PENDING_APPROVAL" && <span>{t("payments.sendStablecoins.done.pendingApproval")}</span>}
                </Flex>
              }
              extra={[
                <Button key="view" type="primary" onClick={() => navigate(`/crypto/transactions/${sent.data.id}`)}>
                  {t("payments.common.viewTransaction")}
                </Button>,
                <Button key="again" onClick={another}>
                  {t("payments.sendStablecoins.done.sendAnother")}
                </Button>,
              ]}
            />
          </Suspense>
        </Card>
      )}

      <LaterModal
        title={t("payments.sendStablecoins.addBeneficiary")}
        open={adding && !!addDef}
        onCancel={() => setAdding(false)}
        footer={null}
        destroyOnHidden
      >
        {wallet && addDef && (
          <>
            <Typography.Paragraph type="secondary">
              {t("payments.sendStablecoins.receives", { currency: wallet.currency, network: networkOf(wallet.blockchain) })}
            </Typography.Paragraph>
            <ResourceFormOnDemand
              def={addDef}
              mode="create"
              onDone={(saved) => {
                setAdding(false);
                if (saved?.id) form.setValue("beneficiary_id", saved.id, { shouldValidate: true });
              }}
            />
          </>
        )}
      </LaterModal>
    </Flex>
  );
}

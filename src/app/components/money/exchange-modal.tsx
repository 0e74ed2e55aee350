/**
 * Exchange (SPEC §2 Exchange modal, §3 quotes, §7 Exchange): from a fiat account or a stablecoin
 * wallet into another currency the business holds. The amount and the destination currency (the
 * shared schema's messages), an indicative rate for the pair until a quote exists, the quote asked
 * for after a pause in typing, a confirm screen with the quote's exact amounts, the one-time code
 * when the member needs one, and the server's answer: the result, or the error with the quote gone.
 * One Idempotency-Key per confirmation, kept across retries of that confirmation.
 * ExchangeFlow is the inner component: the modal and the /payments/send/exchange page both render it.
 */
import { Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useTranslate } from "@refinedev/core";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "../../i18n/validation.ts";
import { z } from "zod";
import { Alert, Button, Descriptions, Flex, Form, Input, Skeleton, Space, Spin, Steps, Tag, Typography } from "antd";
import { LaterSelect } from "../form/later-controls.tsx";
import { Result } from "../form/flow-steps-later.ts";
import { ArrowLeftOutlined, SwapOutlined } from "@ant-design/icons";
import { type ExchangeSource, sourceLabel, targetKey, useExchangeTargets } from "./exchange-source.ts";
import { isApiError } from "../../api/client.ts";
import { call } from "../../api/call.ts";
import { useWrite } from "../../api/write.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { Field } from "../form/field.tsx";
import { OneTimeCodeInput, useOneTimeCode } from "./one-time-code.tsx";
import { statusColor } from "../resource/status-colours.ts";
import { statusText } from "../resource/use-declared.ts";
import { idempotencyHeader, newIdempotencyKey } from "../../lib/idempotency.ts";
import { amountProblem, formatMoney, parseMajor } from "../../../lib/money.ts";
import { amountProblemText } from "../../i18n/shared-labels.ts";
import { formatTime } from "../../../lib/dates.ts";
import { RateText } from "./figures.tsx";
import { networkOf, type Blockchain } from "../../../lib/assets.ts";
import {
  type CryptoExchangeQuoteRequest,
  type FiatExchangeQuoteBody,
  FiatExchangeQuoteRequest,
  INDICATIVE_AMOUNTS,
  exchangeEndpoints,
  type ExchangeQuote,
  type ExchangeTarget,
} from "../../../../resources/exchange.ts";
import { LaterModal } from "../layout/later-modal.tsx";

type Write = ReturnType<typeof useWrite>;
type Translate = ReturnType<typeof useTranslate>;

const QUOTE_DEBOUNCE_MS = 500;
/** A quote is asked for again when it lapses while the form is open, but never more often than this. */
const MIN_REQUOTE_MS = 5000;

const targetLabel = (translate: Translate, t: ExchangeTarget) =>
  t.blockchain ? translate("money.exchange.onNetwork", { currency: t.currency, network: networkOf(t.blockchain) }) : t.currency;
const parseTarget = (key: string): ExchangeTarget => {
  const [currency, blockchain] = key.split(":");
  return { currency, blockchain: (blockchain as Blockchain | undefined) ?? null };
};

/** A quote's request body: from a wallet (asset_id, major units) or from an account (minor units). */
type QuoteBody = z.input<typeof CryptoExchangeQuoteRequest> | z.input<typeof FiatExchangeQuoteBody>;

/** The request body of a quote (and, with quote_id, of the exchange) for `amount` typed in major units. */
function requestBody(source: ExchangeSource, amount: string, target: ExchangeTarget): QuoteBody {
  const destination = { destination_currency: target.currency, ...(target.blockchain ? { blockchain: target.blockchain } : {}) };
  if (source.kind === "wallet") return { asset_id: source.id, amount_in_major: amount.replace(/,/g, "").trim(), ...destination };
  return { source_account_id: source.id, fixed_side: "source", amount: parseMajor(amount, source.currency)!.toString(), ...destination };
}

/**
 * A quote for `body`, asked for `delay` ms after it last changed. Answers for an earlier body are
 * never shown; clear() drops the quote (and asks for none) until refresh().
 */
function useExchangeQuote(body: QuoteBody | null, delay: number) {
  const translate = useTranslate();
  const key = body ? JSON.stringify(body) : "";
  const [state, setState] = useState<{ key: string; quote?: ExchangeQuote; error?: string }>({ key: "" });
  const [held, setHeld] = useState(false);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!key || held) return;
    let live = true;
    const t = setTimeout(() => {
      call(exchangeEndpoints.quote, { body: JSON.parse(key) })
        .then((r) => live && setState({ key, quote: r.data }))
        .catch((e) => live && setState({ key, error: isApiError(e) ? e.message : translate("money.exchange.quoteFailed") }));
    }, delay);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [key, held, version, delay]);
  const clear = useCallback(() => {
    setHeld(true);
    setState({ key: "" });
  }, []);
  const refresh = useCallback(() => {
    setHeld(false);
    setState({ key: "" });
    setVersion((v) => v + 1);
  }, []);
  const current = key && !held && state.key === key ? state : null;
  return { quote: current?.quote ?? null, error: current?.error ?? null, loading: !!key && !held && !current, clear, refresh };
}

type Values = { amount: string; destination?: string };
type Draft = { body: QuoteBody & { quote_id: string }; quote: ExchangeQuote };
type Outcome =
  | { ok: true; message: string; id: string; reference?: string; given: Money; received: Money | null; fee: Money | null; state: string; description?: string }
  | { ok: false; message: string };
type Money = { amount: string; currency: string };

/** The shared destination message; the amount by the source currency's precision, in minor units. */
function formSchema(currency: string, t: Translate) {
  return z.object({
    amount: z.string({ error: t("money.exchange.amountRequired") }).superRefine((v, ctx) => {
      const problem = amountProblemText(t, v, currency);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
    destination: FiatExchangeQuoteRequest.shape.destination_currency,
  });
}

/** Where a confirmed exchange goes: transactions/exchange from a wallet, payments/exchange from an account. */
const exchangeEndpoint = (source: ExchangeSource) => (source.kind === "wallet" ? exchangeEndpoints.fromWallet : exchangeEndpoints.fromAccount);

/**
 * Sends the confirmed exchange. The two answers name money differently: "123" with a currency beside
 * it (from an account), or {value, currency} (from a wallet).
 */
async function sendExchange(write: Write, body: Draft["body"], headers: Record<string, string>): Promise<Extract<Outcome, { ok: true }>> {
  if ("asset_id" in body) {
    const { message, data: d } = await write(exchangeEndpoints.fromWallet, { body, headers });
    const money = (m: { value: string; currency: string }) => ({ amount: m.value, currency: m.currency });
    return {
      ok: true,
      message,
      id: d.id,
      given: money(d.source_amount),
      received: money(d.destination_amount),
      fee: money(d.fee),
      state: d.state,
      description: d.description,
    };
  }
  const { message, data: d } = await write(exchangeEndpoints.fromAccount, { body, headers });
  return {
    ok: true,
    message,
    id: d.id,
    reference: d.reference,
    given: { amount: d.source_amount, currency: d.currency },
    received: { amount: d.destination_amount, currency: d.destination_currency },
    fee: { amount: d.total_fee_amount, currency: d.currency },
    state: d.state,
    description: d.description,
  };
}

function QuoteDetails({ quote, source }: { quote: ExchangeQuote; source: ExchangeSource }) {
  const t = useTranslate();
  const given = quote.sending_amount ?? quote.source_amount;
  const fee = quote.total_fees ?? quote.fee;
  const d = quote.destination;
  return (
    <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }} aria-label={t("money.exchange.quote")}>
      <Descriptions.Item label={t("money.exchange.from")}>{sourceLabel(source)}</Descriptions.Item>
      <Descriptions.Item label={t("money.exchange.youExchange")}>
        <span data-testid="exchange-given">{formatMoney(given.amount, given.currency)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t("money.exchange.fee")}>
        <span data-testid="exchange-fee">{formatMoney(fee.amount, fee.currency)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t("money.exchange.rate")}>
        <RateText data-testid="exchange-rate" from={given.currency} to={quote.destination_amount.currency} rate={quote.exchange_rate ?? quote.exchange?.rate} />
      </Descriptions.Item>
      <Descriptions.Item label={t("money.exchange.youReceive")}>
        <Typography.Text strong data-testid="exchange-received">
          {formatMoney(quote.destination_amount.amount, quote.destination_amount.currency)}
        </Typography.Text>
      </Descriptions.Item>
      {d && (
        <Descriptions.Item
          label={t("money.exchange.destination")}
        >{`${d.name} (${d.currency}${d.blockchain ? ` · ${networkOf(d.blockchain)}` : ""})`}</Descriptions.Item>
      )}
    </Descriptions>
  );
}

/** The exchange itself, from one source: form, confirm, code (when needed), then the result or the error. */
export function ExchangeFlow({ source, onClose }: { source: ExchangeSource; onClose?: () => void }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const toast = useToast();
  const write = useWrite();
  const otp = useOneTimeCode();
  const { targets, loading: targetsLoading } = useExchangeTargets(source);
  const [step, setStep] = useState<"form" | "confirm" | "code" | "done">("form");
  const [draft, setDraft] = useState<Draft | null>(null);
  const [key, setKey] = useState("");
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const schema = useMemo(() => formSchema(source.currency, t), [source.currency, t]);
  const form = useForm<Values>({ resolver: zodResolver(schema) as never, defaultValues: { amount: "", destination: undefined } });
  const values = useWatch({ control: form.control });
  const target = values.destination && targets.some((t) => targetKey(t) === values.destination) ? parseTarget(values.destination) : null;
  const amountOk = !amountProblem(values.amount ?? "", source.currency);

  // The quote for what is typed (after a pause), and the pair's indicative rate until that exists.
  const body = target && amountOk ? requestBody(source, values.amount ?? "", target) : null;
  const indicativeBody = target ? requestBody(source, INDICATIVE_AMOUNTS.account, target) : null;
  const live = useExchangeQuote(body, QUOTE_DEBOUNCE_MS);
  const indicative = useExchangeQuote(indicativeBody, 0);
  const { quote, refresh: requote } = live;

  // A destination the source can no longer reach is dropped rather than kept as a bare value.
  useEffect(() => {
    if (!targetsLoading && values.destination && !target) form.setValue("destination", undefined);
  }, [targetsLoading, values.destination, target, form]);
  // A quote that lapses while the form is open is replaced by a fresh one.
  useEffect(() => {
    if (!quote || step !== "form") return;
    const timer = setTimeout(requote, Math.max(Date.parse(quote.expires_at) - Date.now(), MIN_REQUOTE_MS));
    return () => clearTimeout(timer);
  }, [quote, step, requote]);

  const review = form.handleSubmit(() => {
    if (!body || !quote) return;
    setDraft({ body: { ...body, quote_id: quote.id }, quote });
    // One key for this confirmation: retries of it reuse it, a new confirmation gets a new one.
    setKey(newIdempotencyKey());
    otp.reset();
    setStep("confirm");
  });

  async function submit() {
    if (!draft) return;
    setSending(true);
    try {
      const done = await sendExchange(write, draft.body, { ...idempotencyHeader(key), ...otp.headers() });
      setOutcome(done);
      toast.success(done.message);
      setStep("done");
    } catch (e) {
      toast.error(e);
      if (!isApiError(e)) return; // no answer: the same confirmation (and key) may be tried again
      otp.reset(); // a code is used up once checked
      if (e.errors.some((x) => x.path === "one-time-code")) return void setStep("code");
      // The server said no: show why, and drop the quote it was about.
      setOutcome({ ok: false, message: e.message });
      setDraft(null);
      live.clear();
      setStep("done");
    } finally {
      setSending(false);
    }
  }

  function restart(keepValues: boolean) {
    if (!keepValues) form.reset({ amount: "", destination: values.destination });
    setOutcome(null);
    setDraft(null);
    live.refresh();
    setStep("form");
  }

  const steps = [
    t("money.exchange.steps.amount"),
    t("money.exchange.steps.confirm"),
    ...(otp.required ? [t("money.exchange.steps.verify")] : []),
    t("money.exchange.steps.done"),
  ];
  const current = { form: 0, confirm: 1, code: 2, done: steps.length - 1 }[step];

  if (step === "done" && outcome) {
    const transactions = source.kind === "wallet" ? "/crypto/transactions" : "/transactions";
    if (!outcome.ok) {
      return (
        <Suspense fallback={<Skeleton active />}>
          <Result
            status="error"
            title={t("money.exchange.failed")}
            subTitle={<span data-testid="exchange-error">{outcome.message}</span>}
            extra={[
              <Button type="primary" key="again" onClick={() => restart(true)}>
                {t("money.exchange.tryAgain")}
              </Button>,
              ...(onClose
                ? [
                    <Button key="close" onClick={onClose}>
                      {t("money.exchange.close")}
                    </Button>,
                  ]
                : []),
            ]}
          />
        </Suspense>
      );
    }
    return (
      <Suspense fallback={<Skeleton active />}>
        <Result
          status="success"
          title={outcome.message}
          subTitle={
            <Flex vertical gap={8} align="center">
              <span>
                {formatMoney(outcome.given.amount, outcome.given.currency)}
                {outcome.received && (
                  <>
                    {" "}
                    → <Typography.Text strong>{formatMoney(outcome.received.amount, outcome.received.currency)}</Typography.Text>
                  </>
                )}
              </span>
              {outcome.fee && <span>{t("money.exchange.feeLine", { fee: formatMoney(outcome.fee.amount, outcome.fee.currency) })}</span>}
              {outcome.description && <span>{outcome.description}</span>}
              {outcome.reference && (
                <span>
                  {t("money.exchange.reference")}{" "}
                  <Typography.Text strong data-testid="exchange-reference">
                    {outcome.reference}
                  </Typography.Text>
                </span>
              )}
              {outcome.state && (
                <span>
                  {t("money.exchange.status")} <Tag color={statusColor(outcome.state)}>{statusText(t, outcome.state)}</Tag>
                </span>
              )}
              <Link to={transactions}>{t("money.exchange.seeTransactions")}</Link>
            </Flex>
          }
          extra={[
            ...(outcome.id
              ? [
                  <Button type="primary" key="view" onClick={() => navigate(`${transactions}/${outcome.id}`)}>
                    {t("money.exchange.viewTransaction")}
                  </Button>,
                ]
              : []),
            <Button key="another" onClick={() => restart(false)}>
              {t("money.exchange.again")}
            </Button>,
            ...(onClose
              ? [
                  <Button key="close" onClick={onClose}>
                    {t("money.exchange.close")}
                  </Button>,
                ]
              : []),
          ]}
        />
      </Suspense>
    );
  }

  return (
    <>
      <Steps size="small" current={current} items={steps.map((title) => ({ title }))} style={{ marginBottom: 24 }} />
      <div hidden={step !== "form"}>
        {!targetsLoading && targets.length === 0 && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t("money.exchange.noTargets", { currency: source.currency })} />
        )}
        <Form layout="vertical" component="form" onFinish={review} noValidate>
          <Form.Item label={t("money.exchange.from")} htmlFor="exchange-from">
            <Input
              id="exchange-from"
              readOnly
              variant="filled"
              value={t("money.exchange.fromValue", { source: sourceLabel(source), available: formatMoney(source.available, source.currency) })}
            />
          </Form.Item>
          <Field control={form.control} name="amount" label={t("money.exchange.amount")}>
            {(f) => (
              <Input
                id={f.id}
                value={f.value}
                onChange={(e) => f.onChange(e.target.value)}
                onBlur={f.onBlur}
                inputMode="decimal"
                placeholder="0.00"
                addonBefore={source.currency}
                autoComplete="off"
              />
            )}
          </Field>
          <Field control={form.control} name="destination" label={t("money.exchange.destinationCurrency")}>
            {(f) => (
              <LaterSelect
                id={f.id}
                value={f.value || undefined}
                onChange={f.onChange}
                onBlur={f.onBlur}
                loading={targetsLoading}
                placeholder={t("money.exchange.chooseCurrency")}
                options={targets.map((x) => ({ value: targetKey(x), label: targetLabel(t, x) }))}
              />
            )}
          </Field>
          {live.loading && (
            <Flex gap={8} align="center" style={{ marginBottom: 16 }}>
              <Spin size="small" />
              <Typography.Text type="secondary">{t("money.exchange.gettingQuote")}</Typography.Text>
            </Flex>
          )}
          {live.error && <Alert type="error" showIcon message={live.error} style={{ marginBottom: 16 }} data-testid="quote-error" />}
          {quote ? (
            <>
              <QuoteDetails quote={quote} source={source} />
              <Typography.Paragraph type="secondary">{t("money.exchange.holdsUntil", { time: formatTime(quote.expires_at) })}</Typography.Paragraph>
            </>
          ) : (
            indicative.quote &&
            target && (
              <Alert
                type="info"
                style={{ marginBottom: 16 }}
                data-testid="indicative-rate"
                message={
                  <>
                    {t("money.exchange.indicativeRate")}{" "}
                    <RateText from={source.currency} to={target.currency} rate={indicative.quote.exchange_rate ?? indicative.quote.exchange?.rate} indicative />
                  </>
                }
                description={t("money.exchange.indicativeHint")}
              />
            )
          )}
          <Space>
            {onClose && <Button onClick={onClose}>{t("money.exchange.cancel")}</Button>}
            <Button type="primary" htmlType="submit" disabled={live.loading} icon={<SwapOutlined />}>
              {t("money.exchange.continue")}
            </Button>
          </Space>
        </Form>
      </div>

      {step === "confirm" && draft && (
        <div data-testid="exchange-confirm">
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t("money.exchange.confirm")}
          </Typography.Title>
          <QuoteDetails quote={draft.quote} source={source} />
          <Typography.Paragraph type="secondary">
            {t("money.exchange.holdsExactly", {
              time: formatTime(draft.quote.expires_at),
              amount: formatMoney(draft.quote.destination_amount.amount, draft.quote.destination_amount.currency),
            })}
          </Typography.Paragraph>
          <Space>
            <Button icon={<ArrowLeftOutlined />} onClick={() => setStep("form")} disabled={sending}>
              {t("money.exchange.back")}
            </Button>
            {otp.required ? (
              <Button type="primary" onClick={() => setStep("code")}>
                {t("money.exchange.continue")}
              </Button>
            ) : (
              <Button type="primary" onClick={submit} loading={sending}>
                {t("money.exchange.confirm")}
              </Button>
            )}
          </Space>
        </div>
      )}

      {step === "code" && draft && (
        <>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t("money.exchange.verifyTitle")}
          </Typography.Title>
          <Form layout="vertical" component={false}>
            <OneTimeCodeInput otp={otp} request={draft && { endpoint: exchangeEndpoint(source), body: draft.body }} />
          </Form>
          <Space>
            <Button icon={<ArrowLeftOutlined />} onClick={() => setStep("confirm")} disabled={sending}>
              {t("money.exchange.back")}
            </Button>
            <Button type="primary" onClick={submit} loading={sending} disabled={!otp.ready}>
              {t("money.exchange.confirm")}
            </Button>
          </Space>
        </>
      )}
    </>
  );
}

/** The Exchange modal (account and wallet pages). Closed, it forgets what was typed. */
export function ExchangeModal({ open, onClose, source }: { open: boolean; onClose: () => void; source: ExchangeSource }) {
  const t = useTranslate();
  return (
    <LaterModal title={t("money.exchange.modalTitle", { currency: source.currency })} open={open} onCancel={onClose} footer={null} destroyOnHidden width={600}>
      <ExchangeFlow source={source} onClose={onClose} />
    </LaterModal>
  );
}

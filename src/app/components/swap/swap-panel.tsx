/**
 * 'Swap your assets' (SPEC §2 Swap panel, §5 amount rules, §7 Exchange): pick what you give and what
 * you receive among the accounts and wallets the business holds, type an amount, see the pair's
 * rate (indicative until a quote exists) and the fee, then Swap: confirm the quote, and the
 * exchange is recorded at exactly its amounts. Shown only to members allowed to exchange.
 */
import { PAGE_PATHS } from "../../../../resources/catalog.ts";
import { useLayoutEffect, useRef, useState, type ClipboardEvent, type CSSProperties, type KeyboardEvent } from "react";
import { Link, useNavigate } from "react-router";
import { useTranslate } from "@refinedev/core";
import { Alert, Button, Card, Empty, Flex, Form, Input, Select, Skeleton, Space, Spin, Typography, type InputRef } from "antd";
import { isApiError } from "../../api/client.ts";
import { useWrite } from "../../api/write.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { displayMinor, formatMinor, formatMoney, precisionOf } from "../../../lib/money.ts";
import { EXCHANGE_FEE_BPS, exchangeEndpoints } from "../../../../resources/exchange.ts";
import { idempotencyHeader, newIdempotencyKey } from "../../lib/idempotency.ts";
import { useOneTimeCode } from "../money/one-time-code.tsx";
import { acceptsKey, caretFor, deleteAcrossSeparator, formatAmount, significantAfter, toMinorUnits } from "./swap-amount.ts";
import { quoteFee, quoteGiven, quoteRate, useIndicativeRate, useSwapQuote, useSwapSources, type PricedSwap } from "./swap-data.ts";
import { SwapConfirmModal, SwapSuccessModal, type SwapResult } from "./swap-modals.tsx";
import { RateText } from "../money/figures.tsx";

/** The fee as a share of the amount given ("0.30%"), from basis points without a float. */
const FEE_SHARE = `${formatMinor(EXCHANGE_FEE_BPS, "USD")}%`;

/** Names the currency pickers for assistive tech (and tests) without showing a second label. */
const VISUALLY_HIDDEN: CSSProperties = { position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" };

/** The amount box: only what SPEC §5 allows gets in, separators are shown as you type, the caret stays put. */
function AmountInput({ value, onChange, invalid }: { value: string; onChange: (v: string) => void; invalid: boolean }) {
  const ref = useRef<InputRef>(null);
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current?.input;
    if (caret.current === null || !el || document.activeElement !== el) return;
    el.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value]);

  /** Shows `text` formatted with the caret before the same `after` digits it had. */
  const commit = (text: string, after: number) => {
    const formatted = formatAmount(text);
    caret.current = caretFor(formatted, after);
    onChange(formatted);
  };
  const selection = (el: HTMLInputElement) => [el.selectionStart ?? value.length, el.selectionEnd ?? el.selectionStart ?? value.length] as const;

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.nativeEvent.isComposing) return;
    const [start, end] = selection(e.currentTarget);
    const across = deleteAcrossSeparator(value, start, end, e.key);
    if (across) {
      e.preventDefault();
      commit(across.text, across.after);
    } else if (!acceptsKey(value, start, end, e.key, e.ctrlKey || e.metaKey)) e.preventDefault();
  }

  function onPaste(e: ClipboardEvent<HTMLInputElement>) {
    e.preventDefault();
    const [start, end] = selection(e.currentTarget);
    commit(value.slice(0, start) + e.clipboardData.getData("text") + value.slice(end), significantAfter(value, end));
  }

  return (
    <Input
      ref={ref}
      id="swap-give-amount"
      inputMode="decimal"
      autoComplete="off"
      placeholder="0.00"
      status={invalid ? "error" : undefined}
      value={value}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
      // Whatever still gets in (autofill, drag and drop) is brought back to the rules.
      onChange={(e) => commit(e.target.value, significantAfter(e.target.value, e.target.selectionStart ?? e.target.value.length))}
    />
  );
}

export function SwapPanel({ prefer = "account", style }: { prefer?: "account" | "wallet"; style?: CSSProperties }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const toast = useToast();
  const write = useWrite();
  const otp = useOneTimeCode();
  const { allowed, sources, destinationsFor, loading, error } = useSwapSources();
  const [sourceId, setSourceId] = useState<string>();
  const [destinationKey, setDestinationKey] = useState<string>();
  const [amount, setAmount] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState("");
  const [done, setDone] = useState<{ result: SwapResult; quote: PricedSwap["quote"]; kind: "account" | "wallet" } | null>(null);

  // Until chosen, the first source of the preferred kind and its first destination.
  const source = sources.find((s) => s.id === sourceId) ?? sources.find((s) => s.kind === prefer) ?? sources[0];
  const destinations = destinationsFor(source);
  const destination = destinations.find((d) => d.key === destinationKey) ?? destinations[0];
  const indicative = useIndicativeRate(source, destination);
  const { priced, loading: quoting, requote, clear } = useSwapQuote(source, destination, amount);
  const quote = priced?.quote ?? null;

  if (!allowed) return null;

  const minor = source ? toMinorUnits(amount, precisionOf(source.currency)) : null;
  const insufficient = !!source && minor !== null && minor > BigInt(source.available || "0");

  function openConfirm() {
    if (!quote) return;
    setIdempotencyKey(newIdempotencyKey());
    setNotice(null);
    otp.reset();
    setConfirming(true);
  }

  // The quote's own request says where it came from: an asset_id is a wallet. The one-time code is asked for exactly this.
  const kind = priced && "asset_id" in priced.request ? "wallet" : "account";
  const exchange =
    priced &&
    ("asset_id" in priced.request
      ? { endpoint: exchangeEndpoints.fromWallet, body: { ...priced.request, quote_id: priced.quote.id } }
      : { endpoint: exchangeEndpoints.fromAccount, body: { ...priced.request, quote_id: priced.quote.id } });

  async function confirm() {
    if (!priced || !exchange) return;
    setSending(true);
    try {
      const res = await write(exchange.endpoint, { body: exchange.body, headers: { ...idempotencyHeader(idempotencyKey), ...otp.headers() } });
      toast.success(res.message);
      setDone({ result: res.data, quote: priced.quote, kind });
      setConfirming(false);
      setAmount("");
    } catch (e) {
      const stale =
        isApiError(e) && (e.statusCode === 410 || (e.statusCode === 409 && (e.errors.some((x) => x.path === "quote_id") || /quote/i.test(e.message))));
      if (stale) {
        // The price expired or was used: show the new one for the person to confirm again.
        setNotice(e.message);
        setIdempotencyKey(newIdempotencyKey());
        requote();
      } else {
        toast.error(e);
        clear();
        setConfirming(false);
      }
    } finally {
      setSending(false);
      otp.reset();
    }
  }

  const rate = quote ? (
    <RateText from={quoteGiven(quote).currency} to={quote.destination_amount.currency} rate={quoteRate(quote)} />
  ) : indicative.rate ? (
    <RateText from={source!.currency} to={destination!.currency} rate={indicative.rate} />
  ) : indicative.loading ? null : (
    t("swap.rateUnavailable")
  );
  const fee = quote ? formatMoney(quoteFee(quote).amount, quoteFee(quote).currency) : t("swap.feeShare", { share: FEE_SHARE });

  return (
    <Card
      title={t("swap.title")}
      variant="borderless"
      style={style}
      extra={<Link to={PAGE_PATHS.rates}>{t("swap.seeRates")}</Link>}
      role="region"
      aria-label={t("swap.title")}
    >
      {loading ? (
        <Skeleton active />
      ) : error ? (
        <Alert type="error" showIcon message={t("swap.balanceError")} />
      ) : !source ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("swap.noSources")} />
      ) : (
        <Form layout="vertical" component="div">
          <Form.Item
            label={t("swap.youGive")}
            htmlFor="swap-give-amount"
            validateStatus={insufficient ? "error" : undefined}
            help={insufficient ? t("swap.insufficient") : undefined}
            extra={
              <span data-testid="swap-available">
                {t("swap.available", { amount: displayMinor(source.available, source.currency), currency: source.currency })}
              </span>
            }
          >
            <Space.Compact block>
              <AmountInput value={amount} onChange={setAmount} invalid={insufficient} />
              <label htmlFor="swap-give-currency" style={VISUALLY_HIDDEN}>
                {t("swap.youGiveCurrency")}
              </label>
              <Select
                id="swap-give-currency"
                value={source.id}
                onChange={(id) => setSourceId(id)}
                options={sources.map((s) => ({ value: s.id, label: s.label }))}
                labelRender={({ value }) => sources.find((s) => s.id === value)?.short ?? value}
                popupMatchSelectWidth={false}
                style={{ width: "48%" }}
              />
            </Space.Compact>
          </Form.Item>
          <Form.Item label={t("swap.youReceive")} htmlFor="swap-receive-amount">
            <Space.Compact block>
              <Input
                id="swap-receive-amount"
                readOnly
                placeholder="0.00"
                value={quote ? displayMinor(quote.destination_amount.amount, quote.destination_amount.currency) : ""}
                suffix={quoting ? <Spin size="small" /> : undefined}
              />
              <label htmlFor="swap-receive-currency" style={VISUALLY_HIDDEN}>
                {t("swap.youReceiveCurrency")}
              </label>
              <Select
                id="swap-receive-currency"
                value={destination?.key}
                placeholder={t("swap.currency")}
                onChange={(key) => setDestinationKey(key)}
                options={destinations.map((d) => ({ value: d.key, label: d.label }))}
                labelRender={({ value }) => destinations.find((d) => d.key === value)?.short ?? value}
                notFoundContent={t("swap.nothingToReceive")}
                popupMatchSelectWidth={false}
                style={{ width: "48%" }}
              />
            </Space.Compact>
          </Form.Item>
          <Flex vertical gap={4} style={{ marginBottom: 16 }}>
            <Flex justify="space-between" gap={8}>
              <Typography.Text type="secondary">{t("swap.rate")}</Typography.Text>
              <Typography.Text data-testid="swap-rate">{destination ? (rate ?? <Spin size="small" />) : "—"}</Typography.Text>
            </Flex>
            <Flex justify="space-between" gap={8}>
              <Typography.Text type="secondary">{t("swap.fees")}</Typography.Text>
              <Typography.Text data-testid="swap-fee">{fee}</Typography.Text>
            </Flex>
          </Flex>
          <Button type="primary" block onClick={openConfirm} disabled={!quote || quoting || insufficient}>
            {t("swap.swap")}
          </Button>
        </Form>
      )}
      <SwapConfirmModal
        open={confirming}
        request={exchange}
        quote={quote}
        notice={notice}
        sending={sending}
        otp={otp}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
      <SwapSuccessModal
        done={done}
        onClose={() => setDone(null)}
        onGo={() => {
          const to = done?.kind === "wallet" ? "/crypto/transactions" : "/transactions";
          setDone(null);
          navigate(to);
        }}
      />
    </Card>
  );
}

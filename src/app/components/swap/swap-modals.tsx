/**
 * The Swap panel's two steps after 'Swap' (SPEC §2): 'Confirm your payment' with the quote's lines
 * and the one-time code when the member needs one, then 'Your transaction is being processed' with
 * what the server recorded and the way to the transactions list of the source's kind.
 */
import { useTranslate } from "@refinedev/core";
import { Alert, Button, Descriptions, Flex, Form, Modal, Result, Spin } from "antd";
import { formatMoney } from "../../../lib/money.ts";
import { RateText } from "../money/figures.tsx";
import type { ExchangeQuote } from "../../../../resources/exchange.ts";
import { statusText } from "../resource/use-declared.ts";
import { OneTimeCodeInput, type CodeRequest, type OneTimeCode } from "../money/one-time-code.tsx";
import { assetLabel, quoteFee, quoteGiven, quoteRate } from "./swap-data.ts";

type Money = { amount: string; currency: string };

/** What an exchange answer carries (fiat and crypto name the fee differently). */
export type SwapResult = {
  id: string;
  source_amount?: unknown;
  destination_amount?: unknown;
  fee?: unknown;
  total_fee_amount?: unknown;
  description?: string | null;
  state: string;
};

/** An amount of the answer in whichever shape it came ({amount|value, currency} or a bare minor string), else the quote's. */
function readMoney(v: unknown, fallback: Money): Money {
  if (typeof v === "string" || typeof v === "number" || typeof v === "bigint") return { amount: String(v), currency: fallback.currency };
  if (v && typeof v === "object") {
    const o = v as { amount?: unknown; value?: unknown; currency?: unknown };
    const amount = o.amount ?? o.value;
    if (amount !== undefined && amount !== null) return { amount: String(amount), currency: typeof o.currency === "string" ? o.currency : fallback.currency };
  }
  return fallback;
}

export function SwapConfirmModal(props: {
  open: boolean;
  quote: ExchangeQuote | null;
  notice: string | null;
  sending: boolean;
  otp: OneTimeCode;
  /** The exchange as it will be sent, which the one-time code is asked for. */
  request: CodeRequest | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { open, quote, notice, sending, otp, request, onConfirm, onCancel } = props;
  const t = useTranslate();
  return (
    <Modal
      title={t("swap.confirm.title")}
      open={open}
      onCancel={onCancel}
      maskClosable={!sending}
      closable={!sending}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={sending}>
          {t("swap.confirm.cancel")}
        </Button>,
        <Button key="confirm" type="primary" onClick={onConfirm} loading={sending} disabled={!quote || !otp.ready}>
          {t("swap.confirm.confirm")}
        </Button>,
      ]}
    >
      {notice && <Alert type="warning" showIcon message={notice} description={t("swap.confirm.newPrice")} style={{ marginBottom: 16 }} />}
      {quote ? (
        <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t("swap.youGive")}>{formatMoney(quoteGiven(quote).amount, quoteGiven(quote).currency)}</Descriptions.Item>
          <Descriptions.Item label={t("swap.youReceive")}>{formatMoney(quote.destination_amount.amount, quote.destination_amount.currency)}</Descriptions.Item>
          <Descriptions.Item label={t("swap.rate")}>
            <RateText from={quoteGiven(quote).currency} to={quote.destination_amount.currency} rate={quoteRate(quote)} />
          </Descriptions.Item>
          <Descriptions.Item label={t("swap.fees")}>{formatMoney(quoteFee(quote).amount, quoteFee(quote).currency)}</Descriptions.Item>
          <Descriptions.Item label={t("swap.confirm.destination")}>
            {quote.destination
              ? `${quote.destination.name} · ${assetLabel(quote.destination.currency, quote.destination.blockchain)}`
              : quote.destination_amount.currency}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Spin style={{ display: "block", margin: "24px auto" }} />
      )}
      <Form layout="vertical" component="div">
        <OneTimeCodeInput otp={otp} request={request} />
      </Form>
    </Modal>
  );
}

export function SwapSuccessModal({
  done,
  onGo,
  onClose,
}: {
  done: { result: SwapResult; quote: ExchangeQuote } | null;
  onGo: () => void;
  onClose: () => void;
}) {
  const t = useTranslate();
  const quote = done?.quote;
  const r = done?.result;
  const source = quote && r ? readMoney(r.source_amount, quoteGiven(quote)) : null;
  const fee = quote && r ? readMoney(r.fee ?? r.total_fee_amount, quoteFee(quote)) : null;
  const destination = quote && r ? readMoney(r.destination_amount, quote.destination_amount) : null;
  return (
    <Modal open={!!done} onCancel={onClose} footer={null} destroyOnHidden>
      {r && source && fee && destination && (
        <>
          <Result status="success" title={t("swap.success.title")} style={{ paddingBottom: 16 }} />
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t("swap.success.sourceAmount")}>{formatMoney(source.amount, source.currency)}</Descriptions.Item>
            <Descriptions.Item label={t("swap.fees")}>{formatMoney(fee.amount, fee.currency)}</Descriptions.Item>
            <Descriptions.Item label={t("swap.success.destinationAmount")}>{formatMoney(destination.amount, destination.currency)}</Descriptions.Item>
            <Descriptions.Item label={t("swap.success.description")}>{r.description || "—"}</Descriptions.Item>
            <Descriptions.Item label={t("swap.success.status")}>{statusText(t, r.state)}</Descriptions.Item>
          </Descriptions>
          <Flex justify="center" style={{ marginTop: 24 }}>
            <Button type="primary" onClick={onGo}>
              {t("swap.success.goToTransactions")}
            </Button>
          </Flex>
        </>
      )}
    </Modal>
  );
}

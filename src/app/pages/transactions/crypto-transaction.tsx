/** The crypto view of the transaction details modal (SPEC §3 Crypto transaction). */
import { useParams } from "react-router";
import { useOne, useTranslate } from "@refinedev/core";
import { Alert, Skeleton, Typography } from "antd";
import { AmountHeader, Documents, Pairs, person, ReceiptButton, Section } from "./detail-parts.tsx";
import { PaymentActions } from "./payment-actions.tsx";
import { RateText } from "../../components/money/figures.tsx";
import { formatMoney } from "../../../lib/money.ts";
import { transactionEndpoints } from "../../../../resources/transactions.ts";

type Amount = { value: string; currency: string };
type End = { type: string; address?: string | null; asset?: { currency: string; blockchain: string }; counterparty?: { name?: string } };
type Detail = {
  id: string;
  type: string;
  state: string;
  direction: string;
  created_date: string;
  description: string;
  status_description: string | null;
  sending_amount: Amount;
  destination_amount: Amount;
  fee: Amount;
  fx_rate: string | null;
  txn_hash: string | null;
  source?: End;
  destination?: End;
  transaction_initiator: { email?: string } | null;
  transaction_approver: { email?: string; date?: string | null } | null;
  documentation: { id: string; description: string; file: string; value: string }[];
  approval_request_id: string | null;
  is_retryable: boolean;
  signed_amount: Amount;
  rejection_reason: string | null;
};

const endOf = (translate: ReturnType<typeof useTranslate>, e?: End) =>
  !e
    ? null
    : e.type === "ASSET"
      ? `${translate("transactions.walletOn", { currency: e.asset?.currency, blockchain: e.asset?.blockchain })}${e.address ? ` (${e.address})` : ""}`
      : `${e.counterparty?.name ?? ""}${e.address ? ` (${e.address})` : ""}`;

export default function CryptoTransactionDetails() {
  const { id = "" } = useParams();
  const translate = useTranslate();
  const { result: t, query } = useOne<Detail>({ resource: "crypto-transactions", id, errorNotification: false });
  if (query.isLoading) return <Skeleton active />;
  if (!t) return <Alert type="error" showIcon message={translate("transactions.error")} description={(query.error as { message?: string } | null)?.message} />;
  const to = endOf(translate, t.destination);
  return (
    <>
      <AmountHeader
        value={t.signed_amount.value}
        currency={t.signed_amount.currency}
        direction={t.direction}
        state={t.state}
        type={t.type}
        date={t.created_date}
      />
      {t.state === "FAILED" && t.status_description && <Alert type="error" showIcon message={t.status_description} style={{ marginBottom: 12 }} />}
      <Pairs
        items={[
          [translate("transactions.fields.description"), t.description],
          [translate("transactions.fields.from"), endOf(translate, t.source) || translate("transactions.noSender")],
          [translate("transactions.fields.to"), to || translate("transactions.noBeneficiary")],
          [translate("transactions.fields.amountReceived"), formatMoney(t.destination_amount.value, t.destination_amount.currency)],
          [translate("transactions.fields.networkFee"), formatMoney(t.fee.value, t.fee.currency)],
          [
            translate("transactions.fields.exchangeRate"),
            t.fx_rate && <RateText from={t.sending_amount.currency} to={t.destination_amount.currency} rate={t.fx_rate} />,
          ],
          [
            translate("transactions.fields.hash"),
            t.txn_hash && (
              <Typography.Text code copyable>
                {t.txn_hash}
              </Typography.Text>
            ),
          ],
          [translate("transactions.fields.amountSent"), t.direction === "outbound" ? formatMoney(t.sending_amount.value, t.sending_amount.currency) : null],
          [translate("transactions.fields.initiatedBy"), person(t.transaction_initiator)],
          [t.state === "CANCELLED" ? translate("transactions.fields.rejectedBy") : translate("transactions.fields.approvedBy"), person(t.transaction_approver)],
          [translate("transactions.fields.rejectionReason"), t.rejection_reason],
        ]}
      />
      <Section title={translate("transactions.documents")}>
        <Documents docs={t.documentation} endpoint={transactionEndpoints.cryptoDocument} paramsOf={(docId) => ({ id: t.id, docId })} />
      </Section>
      <PaymentActions
        payment={t}
        initiator={t.transaction_initiator?.email}
        summary={
          to
            ? translate("transactions.summary", { amount: formatMoney(t.sending_amount.value, t.sending_amount.currency), name: to })
            : translate("transactions.summaryNoName", { amount: formatMoney(t.sending_amount.value, t.sending_amount.currency) })
        }
      />
      <div style={{ marginTop: 16 }}>
        <ReceiptButton state={t.state} endpoint={transactionEndpoints.cryptoReceipt} params={{ id: t.id }} reference={t.id.slice(0, 8)} />
      </div>
    </>
  );
}

/**
 * The banking view of the transaction details modal (SPEC §2): amount, sender and beneficiary
 * (with '(View)' when the beneficiary has an account number or IBAN), fees and rate, who initiated
 * and approved it, documents and the receipt.
 */
import { Link, useParams } from "react-router";
import { useOne, useTranslate } from "@refinedev/core";
import { Alert, Skeleton } from "antd";
import { AmountHeader, Documents, Pairs, person, ReceiptButton, Section } from "./detail-parts.tsx";
import { PaymentActions } from "./payment-actions.tsx";
import { RateText } from "../../components/money/figures.tsx";
import { formatMoney } from "../../../lib/money.ts";
import { transactionEndpoints } from "../../../../resources/transactions.ts";

type Party = { type: string; id?: string | null; name?: string; counterparty?: { type: string; details?: Record<string, unknown> } };
type Detail = {
  id: string;
  reference: string;
  type: string;
  state: string;
  direction: string;
  created_date: string;
  description: string;
  sending_amount: string;
  sending_currency: string;
  destination_amount: string;
  destination_currency: string;
  total_fee_amount: string;
  total_fee_currency: string;
  fx_rate: string | null;
  failure_reason: string | null;
  signed_amount: string;
  rejection_reason: string | null;
  source?: Party;
  destination?: Party;
  payment_initiator: { email?: string } | null;
  payment_approver: { email?: string; date?: string | null } | null;
  documents: { id: string; description: string; value: string; file_name: string }[];
  is_retryable: boolean;
  approval_request_id: string | null;
  split_payment: { group_reference: string; batch_id: string } | null;
};

function PartyDetails({ party, missing }: { party?: Party; missing: string }) {
  const t = useTranslate();
  if (!party || (!party.name && party.type !== "Account")) return <Alert type="warning" showIcon message={missing} />;
  const details = (party.counterparty?.details ?? {}) as Record<string, string>;
  const viewable = party.type === "CounterParty" && party.id && (details.account_number || details.iban);
  return (
    <Pairs
      items={[
        [
          t("transactions.party.name"),
          <>
            {party.name}
            {viewable && (
              <>
                {" "}
                <Link to={`/payments/beneficiaries/${party.id}`}>{t("transactions.party.view")}</Link>
              </>
            )}
          </>,
        ],
        [t("transactions.party.bank"), details.bank_name],
        [t("transactions.party.accountNumber"), details.account_number],
        [t("transactions.party.iban"), details.iban],
        [t("transactions.party.swiftBic"), details.swift_bic],
      ]}
    />
  );
}

export default function BankingTransactionDetails() {
  const { id = "" } = useParams();
  const translate = useTranslate();
  const { result: t, query } = useOne<Detail>({ resource: "transactions", id, errorNotification: false });
  if (query.isLoading) return <Skeleton active />;
  if (!t) return <Alert type="error" showIcon message={translate("transactions.error")} description={(query.error as { message?: string } | null)?.message} />;
  return (
    <>
      <AmountHeader value={t.signed_amount} currency={t.sending_currency} direction={t.direction} state={t.state} type={t.type} date={t.created_date} />
      {t.state === "FAILED" && t.failure_reason && <Alert type="error" showIcon message={t.failure_reason} style={{ marginBottom: 12 }} />}
      <Pairs
        items={[
          [translate("transactions.fields.reference"), t.reference],
          [translate("transactions.fields.description"), t.description],
          [translate("transactions.fields.amountSent"), t.direction === "outbound" ? formatMoney(t.sending_amount, t.sending_currency) : null],
          [translate("transactions.fields.amountReceived"), formatMoney(t.destination_amount, t.destination_currency)],
          [translate("transactions.fields.fees"), formatMoney(t.total_fee_amount, t.total_fee_currency)],
          [translate("transactions.fields.exchangeRate"), t.fx_rate && <RateText from={t.sending_currency} to={t.destination_currency} rate={t.fx_rate} />],
          [translate("transactions.fields.initiatedBy"), person(t.payment_initiator)],
          [t.state === "CANCELLED" ? translate("transactions.fields.rejectedBy") : translate("transactions.fields.approvedBy"), person(t.payment_approver)],
          [translate("transactions.fields.rejectionReason"), t.rejection_reason],
          [
            translate("transactions.fields.bulkPayment"),
            t.split_payment && <Link to={`/payments/bulk-payment/${t.split_payment.batch_id}`}>{t.split_payment.group_reference}</Link>,
          ],
        ]}
      />
      <Section title={translate("transactions.senderDetails")}>
        <PartyDetails party={t.source} missing={translate("transactions.noSender")} />
      </Section>
      <Section title={translate("transactions.beneficiaryDetails")}>
        <PartyDetails party={t.destination} missing={translate("transactions.noBeneficiary")} />
      </Section>
      <Section title={translate("transactions.documents")}>
        <Documents docs={t.documents} endpoint={transactionEndpoints.bankingDocument} paramsOf={(id) => ({ id })} />
      </Section>
      <PaymentActions
        payment={t}
        initiator={t.payment_initiator?.email}
        summary={
          t.destination?.name != null
            ? translate("transactions.summary", { amount: formatMoney(t.sending_amount, t.sending_currency), name: t.destination.name })
            : translate("transactions.summaryNoName", { amount: formatMoney(t.sending_amount, t.sending_currency) })
        }
      />
      <div style={{ marginTop: 16 }}>
        <ReceiptButton state={t.state} endpoint={transactionEndpoints.bankingReceipt} params={{ id: t.id }} reference={t.reference} />
      </div>
    </>
  );
}

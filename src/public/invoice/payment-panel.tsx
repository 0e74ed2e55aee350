/** The right-hand payment view (SPEC §2, §4): summary, how to pay, and the "I've paid" notice. */
import { useState } from "react";
import { notifyPayment, type PublicInvoice } from "./api.ts";
import { day, isZero, money } from "./format.ts";
import { toast } from "./toast.tsx";

function Summary({ invoice }: { invoice: PublicInvoice }) {
  const { totals: t, currency } = invoice;
  const rows: [string, string][] = [
    ["Bill To", invoice.billing_information.name],
    ["Invoice Number", invoice.number ?? "—"],
    ["Due Date", day(invoice.due_date)],
    ["Total Items", String(invoice.total_line_items)],
    ...(isZero(t.total_discount_amount) ? [] : ([["Discount", money(t.total_discount_amount, currency)]] as [string, string][])),
    ["Tax", money(t.total_tax_amount, currency)],
    ["Total Amount", money(t.total_amount_payable, currency)],
  ];
  return (
    <section className="card" aria-labelledby="summary-heading">
      <h2 id="summary-heading">Invoice Summary</h2>
      <dl className="pairs">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // No clipboard API (plain http on a LAN address): the old selection route still works.
    const area = Object.assign(document.createElement("textarea"), { value: text });
    document.body.append(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    if (!ok) return toast.error("Could not copy");
  }
  toast.success("Copied to clipboard");
}

function PaymentDetails({ instructions }: { instructions: PublicInvoice["payment_instructions"] }) {
  return (
    <section className="card" aria-labelledby="payment-heading">
      <h2 id="payment-heading">Payment Details</h2>
      {!instructions ? (
        <p className="muted">Contact the sender for payment details.</p>
      ) : (
        <>
          {instructions.title && <div className="strong">{instructions.title}</div>}
          <dl className="pairs copyable">
            {instructions.lines.map((line) => (
              <div key={line.label}>
                <dt>{line.label}</dt>
                <dd>
                  <span className="value">{line.value}</span>
                  <button type="button" className="icon-button" aria-label={`Copy ${line.label}`} title="Copy" onClick={() => void copy(line.value)}>
                    <CopyIcon />
                  </button>
                </dd>
              </div>
            ))}
          </dl>
          {instructions.notes && <p className="muted">{instructions.notes}</p>}
        </>
      )}
    </section>
  );
}

const CopyIcon = () => (
  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M16 1H4a2 2 0 0 0-2 2v14h2V3h12V1zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm0 16H8V7h11v14z" />
  </svg>
);

function NotifyButton({ reference }: { reference: string }) {
  // In memory on purpose: once per visit, a reload may notify again (SPEC §4).
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  const send = async () => {
    setState("sending");
    try {
      await notifyPayment(reference);
      setState("sent");
    } catch (e) {
      setState("idle");
      toast.error(e instanceof Error ? e.message : "Could not send the notification");
    }
  };
  return (
    <button type="button" className="button primary block" disabled={state !== "idle"} aria-busy={state === "sending"} onClick={() => void send()}>
      {state === "sent" ? "Notification Sent" : "I've made the payment"}
    </button>
  );
}

export function PaymentPanel({ invoice }: { invoice: PublicInvoice }) {
  if (invoice.state !== "OPEN" && invoice.state !== "PAID") {
    return (
      <section className="card unavailable" role="status" aria-labelledby="unavailable-heading">
        <h2 id="unavailable-heading">Payment Not Available</h2>
        <p>This invoice is no longer accepting payments.</p>
      </section>
    );
  }
  return (
    <>
      <Summary invoice={invoice} />
      <PaymentDetails instructions={invoice.payment_instructions} />
      {invoice.state === "PAID" ? (
        <div className="paid-row">
          <span className="badge badge-paid">Paid</span>
        </div>
      ) : (
        <NotifyButton reference={invoice.reference} />
      )}
    </>
  );
}

/** The invoice as the recipient would print it: business, Bill To, items, totals, notes and terms. */
import type { PublicInvoice } from "./api.ts";
import { summaryRows, summaryValue, type SummaryRow } from "../../lib/invoice-summary-rows.ts";
import { addressLines, amount, day, money, rateOf, stateLabel } from "./format.ts";

function Lines({ lines }: { lines: string[] }) {
  return (
    <>
      {lines.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an address's lines, in order, may repeat
        <div key={i}>{l}</div>
      ))}
    </>
  );
}

/** The shared rows (src/lib/invoice-summary-rows.ts): they add up to the total as printed. */
function Totals({ invoice }: { invoice: PublicInvoice }) {
  const { totals: t, currency } = invoice;
  const rows = summaryRows({ ...t, shipping_amount: invoice.shipping_amount });
  const cls = (kind: SummaryRow["kind"]) => (kind === "total" ? "strong" : kind === "included" ? "muted" : undefined);
  return (
    <dl className="totals" aria-label="Totals">
      {rows.map((row) => (
        <div key={row.key} className={cls(row.kind)}>
          <dt>{row.label}</dt>
          <dd>{summaryValue(row, (minor) => money(minor.toString(), currency))}</dd>
        </div>
      ))}
    </dl>
  );
}

function Items({ invoice }: { invoice: PublicInvoice }) {
  return (
    // Scrolls sideways on narrow screens instead of squeezing seven columns into 375px.
    // biome-ignore lint/a11y/useSemanticElements lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so a keyboard can scroll it (axe: scrollable-region-focusable)
    <div className="table-scroll" role="region" aria-label="Items" tabIndex={0}>
      <table className="items">
        <caption>Amounts in {invoice.currency}</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="num">
              Quantity
            </th>
            <th scope="col" className="num">
              Unit price
            </th>
            <th scope="col" className="num">
              Discount
            </th>
            <th scope="col" className="num">
              Tax
            </th>
            <th scope="col" className="num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.items.map((item) => {
            const discountRate = rateOf(item.discount);
            const taxRate = rateOf(item.tax);
            return (
              <tr key={item.id}>
                <th scope="row">
                  <div className="item-name">{item.name}</div>
                  {item.description && <div className="muted">{item.description}</div>}
                </th>
                <td className="num">{item.quantity}</td>
                <td className="num">{amount(item.unit_price, invoice.currency)}</td>
                <td className="num">
                  {amount(item.discount_amount, invoice.currency)}
                  {discountRate && <div className="muted">{discountRate}</div>}
                </td>
                <td className="num">
                  {amount(item.tax_amount, invoice.currency)}
                  {taxRate && <div className="muted">{taxRate}</div>}
                </td>
                <td className="num">{amount(item.total_amount, invoice.currency)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function Preview({ invoice }: { invoice: PublicInvoice }) {
  const business = invoice.business_information;
  const bill = invoice.billing_information;
  return (
    <article className="card preview" aria-label="Invoice preview">
      <header className="preview-head">
        <div className="business">
          {business.logo && <img className="logo" src={business.logo} alt={`${business.name} logo`} />}
          <div className="business-name">{business.name}</div>
          <div className="muted">
            <Lines lines={addressLines(business.address)} />
          </div>
        </div>
        <div className="doc-meta">
          <h1>Invoice</h1>
          <dl className="meta">
            <div>
              <dt>Invoice number</dt>
              <dd>{invoice.number ?? "—"}</dd>
            </div>
            {invoice.timestamps.issued_at && (
              <div>
                <dt>Issue date</dt>
                <dd>{day(invoice.timestamps.issued_at)}</dd>
              </div>
            )}
            <div>
              <dt>Due date</dt>
              <dd>{day(invoice.due_date)}</dd>
            </div>
          </dl>
          <span className={`badge badge-${invoice.state.toLowerCase()}`}>{stateLabel(invoice)}</span>
        </div>
      </header>

      <section className="bill-to" aria-labelledby="bill-to-heading">
        <h2 id="bill-to-heading">Bill To</h2>
        <div className="strong">{bill.name}</div>
        <div>{bill.email}</div>
        <div className="muted">
          <Lines lines={addressLines(bill.address)} />
        </div>
      </section>

      {invoice.description && <p className="description">{invoice.description}</p>}
      <Items invoice={invoice} />
      <Totals invoice={invoice} />

      {invoice.notes && (
        <section className="note" aria-labelledby="notes-heading">
          <h2 id="notes-heading">Notes</h2>
          <p>{invoice.notes}</p>
        </section>
      )}
      {invoice.terms && (
        <section className="note" aria-labelledby="terms-heading">
          <h2 id="terms-heading">Terms</h2>
          <p>{invoice.terms}</p>
        </section>
      )}
    </article>
  );
}

/** Loads the invoice named in the URL and lays out preview, Download and the payment view. */
import { useEffect, useState } from "react";
import { downloadInvoice, fetchInvoice, type PublicInvoice } from "./api.ts";
import { PaymentPanel } from "./payment-panel.tsx";
import { Preview } from "./preview.tsx";
import { toast } from "./toast.tsx";

type Load = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; invoice: PublicInvoice };

function DownloadButton({ invoice }: { invoice: PublicInvoice }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadInvoice(invoice.reference, `invoice-${invoice.number ?? invoice.reference}.pdf`);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : "Download failed");
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button" disabled={busy} aria-busy={busy} onClick={() => void download()}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M5 20h14v-2H5v2zM19 9h-4V3H9v6H5l7 7 7-7z" />
      </svg>
      Download
    </button>
  );
}

export function InvoicePage({ reference }: { reference: string }) {
  const [load, setLoad] = useState<Load>({ status: "loading" });

  useEffect(() => {
    if (!reference) return setLoad({ status: "error", message: "" });
    const ctrl = new AbortController();
    fetchInvoice(reference, ctrl.signal).then(
      (invoice) => setLoad({ status: "ready", invoice }),
      (e: unknown) => {
        if (!ctrl.signal.aborted) setLoad({ status: "error", message: e instanceof Error ? e.message : "" });
      },
    );
    return () => ctrl.abort();
  }, [reference]);

  useEffect(() => {
    if (load.status === "ready") document.title = load.invoice.number ? `Invoice ${load.invoice.number}` : "Invoice";
  }, [load]);

  if (load.status === "loading") {
    return (
      <main className="centered" aria-busy="true">
        <div className="spinner" role="status" aria-label="Loading invoice" />
      </main>
    );
  }
  if (load.status === "error") {
    return (
      <main className="centered">
        <section className="card result" role="alert">
          <h1>Error fetching invoice</h1>
          {load.message && <p className="muted">{load.message}</p>}
        </section>
      </main>
    );
  }
  const { invoice } = load;
  return (
    <>
      <header className="topbar">
        <div className="topbar-name">{invoice.business_information.name}</div>
        <DownloadButton invoice={invoice} />
      </header>
      <main className="layout">
        <Preview invoice={invoice} />
        <aside className="side" aria-label="Payment">
          <PaymentPanel invoice={invoice} />
        </aside>
      </main>
    </>
  );
}

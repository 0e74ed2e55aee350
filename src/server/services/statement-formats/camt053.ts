/**
 * ISO 20022 camt.053.001.08 (BankToCustomerStatement): a group header, one Stmt with its Id, the
 * account (IBAN, else Othr/Id), opening (OPBD) and closing (CLBD) booked balances, a transactions
 * summary and one booked Ntry per transaction (Amt, CdtDbtInd, Sts BOOK, BookgDt, ValDt, BkTxCd,
 * NtryDtls/TxDtls with Refs, the counterparty and the description). Elements are in the schema's order.
 */
import type { StatementData, StatementRow } from "../statement-data.ts";
import { abs, bookedRows, isoDay, isoTime, oneLine, plainAmount } from "./common.ts";

export const CAMT053_NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:camt.053.001.08";

const esc = (s: string) =>
  s
    .replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "");
/** Max35Text / Max140Text: one line, cut to the schema's length. */
const text = (s: string, max: number) => esc(oneLine(s).slice(0, max));
const amt = (minor: bigint, currency: string) => `<Amt Ccy="${currency}">${plainAmount(abs(minor), currency)}</Amt>`;
const cdtDbt = (minor: bigint) => `<CdtDbtInd>${minor < 0n ? "DBIT" : "CRDT"}</CdtDbtInd>`;

function balance(code: "OPBD" | "CLBD", minor: bigint, currency: string, day: string) {
  return `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp>${amt(minor, currency)}${cdtDbt(minor)}<Dt><Dt>${day}</Dt></Dt></Bal>`;
}

function entry(r: StatementRow, d: StatementData) {
  const counterparty = r.counterparty ? text(r.counterparty, 140) : "";
  // The other party: the debtor of money received, the creditor of money sent.
  const parties = counterparty
    ? `<RltdPties>${r.amount < 0n ? `<Cdtr><Pty><Nm>${counterparty}</Nm></Pty></Cdtr>` : `<Dbtr><Pty><Nm>${counterparty}</Nm></Pty></Dbtr>`}</RltdPties>`
    : "";
  const remittance = r.description ? `<RmtInf><Ustrd>${text(r.description, 140)}</Ustrd></RmtInf>` : "";
  const ref = text(r.reference, 35);
  return [
    "<Ntry>",
    `<NtryRef>${ref}</NtryRef>`,
    amt(r.amount, d.currency),
    cdtDbt(r.amount),
    "<Sts><Cd>BOOK</Cd></Sts>",
    `<BookgDt><DtTm>${isoTime(r.date, d.timeZone)}</DtTm></BookgDt>`,
    `<ValDt><Dt>${isoDay(r.date, d.timeZone)}</Dt></ValDt>`,
    `<AcctSvcrRef>${ref}</AcctSvcrRef>`,
    `<BkTxCd><Prtry><Cd>${text(r.type, 35)}</Cd><Issr>Stablebank</Issr></Prtry></BkTxCd>`,
    "<NtryDtls><TxDtls>",
    `<Refs><AcctSvcrRef>${ref}</AcctSvcrRef><EndToEndId>${ref}</EndToEndId></Refs>`,
    amt(r.amount, d.currency),
    cdtDbt(r.amount),
    parties,
    remittance,
    "</TxDtls></NtryDtls>",
    "</Ntry>",
  ].join("");
}

export function statementCamt053(d: StatementData): Buffer {
  const booked = bookedRows(d);
  const created = isoTime(d.createdAt, d.timeZone);
  const credits = booked.filter((r) => r.amount >= 0n);
  const debits = booked.filter((r) => r.amount < 0n);
  const sum = (rows: StatementRow[]) => rows.reduce((t, r) => t + abs(r.amount), 0n);
  const net = d.closing - d.opening;
  const account = d.accountId.iban ? `<IBAN>${esc(d.accountId.iban.replace(/\s/g, ""))}</IBAN>` : `<Othr><Id>${text(d.accountId.other, 34)}</Id></Othr>`;
  const id = `STMT-${d.id.replace(/-/g, "").slice(0, 30)}`;
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Document xmlns="${CAMT053_NAMESPACE}">`,
    "<BkToCstmrStmt>",
    `<GrpHdr><MsgId>${id}</MsgId><CreDtTm>${created}</CreDtTm></GrpHdr>`,
    "<Stmt>",
    `<Id>${id}</Id>`,
    "<ElctrncSeqNb>1</ElctrncSeqNb>",
    `<CreDtTm>${created}</CreDtTm>`,
    `<FrToDt><FrDtTm>${d.from}T00:00:00+00:00</FrDtTm><ToDtTm>${d.to}T23:59:59+00:00</ToDtTm></FrToDt>`,
    `<Acct><Id>${account}</Id><Ccy>${d.currency}</Ccy><Nm>${text(d.ownerName, 70)}</Nm><Ownr><Nm>${text(d.businessName, 140)}</Nm></Ownr></Acct>`,
    balance("OPBD", d.opening, d.currency, d.from),
    balance("CLBD", d.closing, d.currency, d.to),
    "<TxsSummry>",
    `<TtlNtries><NbOfNtries>${booked.length}</NbOfNtries><Sum>${plainAmount(sum(booked), d.currency)}</Sum><TtlNetNtry><Amt>${plainAmount(abs(net), d.currency)}</Amt>${cdtDbt(net)}</TtlNetNtry></TtlNtries>`,
    `<TtlCdtNtries><NbOfNtries>${credits.length}</NbOfNtries><Sum>${plainAmount(sum(credits), d.currency)}</Sum></TtlCdtNtries>`,
    `<TtlDbtNtries><NbOfNtries>${debits.length}</NbOfNtries><Sum>${plainAmount(sum(debits), d.currency)}</Sum></TtlDbtNtries>`,
    "</TxsSummry>",
    ...booked.map((r) => entry(r, d)),
    "</Stmt>",
    "</BkToCstmrStmt>",
    "</Document>",
  ];
  return Buffer.from(`${xml.join("\n")}\n`, "utf8");
}

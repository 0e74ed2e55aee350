/**
 * SPEC §2 /payments/bulk-payment 'New bulk payment': the account to pay from, the CSV template, the
 * file (a CSV read and split in the browser; an ISO 20022 pain.001 .xml or an Excel .xlsx read by the
 * server into the same rows), then the server's per-row check as a preview — each row's payment or
 * every reason it cannot be paid, by column, and possible duplicates as warnings — the totals, the
 * report as a CSV, and 'Submit bulk payment' once every row is good, or 'Continue without the N
 * invalid rows', which submits only the good ones (issue 28 item 4). Nothing is held before submit.
 * One Idempotency-Key per checked file, kept across retries of its submission; members with 2FA
 * confirm with a one-time code.
 */
import { ApprovalRoute } from "../../components/approvals/approval-route.tsx";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { useTranslate } from "@refinedev/core";
import { Alert, Button, Descriptions, Flex, Form, Modal, Select, Spin, Upload } from "antd";
import { DownloadOutlined, InboxOutlined } from "@ant-design/icons";
import { accountEndpoints } from "../../../../resources/accounts.ts";
import { bulkPaymentEndpoints, bulkReportCsv, MAX_BULK_ROWS } from "../../../../resources/bulk-payments.ts";
import type { ReceivedOf } from "../../../../resources/define-endpoint.ts";
import { formatMoney } from "../../../lib/money.ts";
import { accountLabel } from "../../../lib/labels.ts";
import { download, isApiError } from "../../api/client.ts";
import { call, urlOf } from "../../api/call.ts";
import { useWrite } from "../../api/write.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { newIdempotencyKey, idempotencyHeader } from "../../lib/idempotency.ts";
import { OneTimeCodeInput, useOneTimeCode } from "../../components/money/one-time-code.tsx";
import { type ParsedFile, readBase64, readBulkCsv, saveText } from "./bulk-file.ts";
import { BulkPreviewTable } from "./bulk-preview-table.tsx";

type CheckResult = ReceivedOf<typeof bulkPaymentEndpoints.check>;
type CheckedRow = CheckResult["rows"][number];
type FieldError = CheckedRow["errors"][number];
const ACCOUNT_ID = "bulk-source-account";

export default function BulkUploadModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const navigate = useNavigate();
  const write = useWrite();
  const otp = useOneTimeCode();
  const t = useTranslate();
  const [accountId, setAccountId] = useState<string>();
  const [file, setFile] = useState<ParsedFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<CheckResult | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  // 'Continue without the N invalid rows': submit only the rows the check found good.
  const [skipInvalid, setSkipInvalid] = useState(false);
  // The Idempotency-Key of this checked file's submission: new per check, kept across its retries.
  const [idemKey, setIdemKey] = useState(newIdempotencyKey);
  // Only the newest check may update the preview (a slow older answer is dropped).
  const checkSeq = useRef(0);

  const accounts = useQuery({
    queryKey: ["accounts", "bulk-payment-sources"],
    queryFn: async () => (await call(accountEndpoints.list, { query: { page: 1, limit: 100 } })).data.items.filter((a) => a.state === "ACTIVE"),
    enabled: open,
  });
  const account = accounts.data?.find((a) => a.id === accountId);

  const check = useCallback(
    async (source: string, f: ParsedFile) => {
      const seq = ++checkSeq.current;
      setChecking(true);
      setCheckError(null);
      setPreview(null);
      setSkipInvalid(false);
      try {
        const res = await call(bulkPaymentEndpoints.check, { body: { source_account_id: source, file_name: f.name, rows: f.rows } });
        if (seq !== checkSeq.current) return;
        setPreview(res.data);
        setIdemKey(newIdempotencyKey());
      } catch (e) {
        if (seq !== checkSeq.current) return;
        setCheckError(isApiError(e) ? e.message : t("payments.bulkUpload.checkError"));
      } finally {
        if (seq === checkSeq.current) setChecking(false);
      }
    },
    [t],
  );

  useEffect(() => {
    if (open && accountId && file) void check(accountId, file);
  }, [open, accountId, file, check]);

  async function readFile(f: File) {
    checkSeq.current++;
    setChecking(false);
    setPreview(null);
    setCheckError(null);
    let parsed: ParsedFile | string;
    try {
      if (/\.csv$/i.test(f.name)) parsed = readBulkCsv(t, f.name, await f.text());
      else if (/\.(xml|xlsx)$/i.test(f.name)) {
        // pain.001 and Excel are read by the server into the CSV's rows; nothing is held or written.
        setFile(null);
        setFileError(null);
        setChecking(true);
        const seq = checkSeq.current;
        const res = await call(bulkPaymentEndpoints.read, { body: { file_name: f.name, content_base64: await readBase64(f) } });
        if (seq !== checkSeq.current) return;
        setChecking(false);
        parsed = { name: f.name, rows: res.data.rows, lines: res.data.lines };
      } else parsed = t("payments.bulkUpload.wrongType");
    } catch (e) {
      setChecking(false);
      setFile(null);
      setFileError(isApiError(e) ? e.message : t("payments.bulkUpload.readError"));
      return;
    }
    if (typeof parsed === "string") {
      setFile(null);
      setFileError(parsed);
    } else {
      setFileError(null);
      setFile(parsed);
    }
  }

  async function saveTemplate() {
    setDownloading(true);
    try {
      await download(urlOf(bulkPaymentEndpoints.template), "bulk-payments-template.csv");
    } catch (e) {
      toast.error(e);
    } finally {
      setDownloading(false);
    }
  }

  function close() {
    checkSeq.current++;
    setAccountId(undefined);
    setFile(null);
    setFileError(null);
    setPreview(null);
    setCheckError(null);
    setChecking(false);
    setSkipInvalid(false);
    otp.reset();
    onClose();
  }

  /** The rows submitted: every row, or after 'Continue without the N invalid rows' only the good ones (indexes into the file). */
  const sent = preview && skipInvalid ? preview.rows.filter((r) => !r.errors.length).map((r) => r.index) : (file?.rows.map((_, i) => i) ?? []);
  /** The bulk payment as it will be sent, which the one-time code is asked for. */
  const bulk = accountId && file ? { source_account_id: accountId, file_name: file.name, rows: sent.map((i) => file.rows[i]) } : null;
  const payable = !!preview && !preview.problem && (preview.valid || (skipInvalid && sent.length > 0));

  /** Leave the invalid rows out (or take them back): another body, so another Idempotency-Key and code. */
  function leaveOutInvalid(on: boolean) {
    setSkipInvalid(on);
    setIdemKey(newIdempotencyKey());
    otp.reset();
  }

  function saveReport() {
    if (!preview || !file) return;
    saveText(bulkReportCsv(preview, file.lines), `${file.name.replace(/\.[^.]+$/, "")}-report.csv`, "text/csv;charset=utf-8");
  }

  async function submit() {
    if (!bulk || !payable) return;
    setSubmitting(true);
    try {
      const res = await write(bulkPaymentEndpoints.submit, { body: bulk, headers: { ...idempotencyHeader(idemKey), ...otp.headers() } });
      toast.success(res.message);
      close();
      navigate(`/payments/bulk-payment/${res.data.id}`);
    } catch (e) {
      toast.error(e);
      // Rows the server found bad since the check (e.g. a beneficiary deleted): show them in the preview.
      const rowErrors = isApiError(e) ? e.errors.filter((x) => /^rows\.\d+\./.test(x.path)) : [];
      if (rowErrors.length) {
        setPreview((p) => {
          if (!p) return p;
          const byIndex = new Map<number, FieldError[]>();
          for (const x of rowErrors) {
            const [, position, column] = /^rows\.(\d+)\.(.+)$/.exec(x.path)!;
            // The server numbers the rows it was sent; map back to the file's row.
            const index = sent[Number(position)] ?? Number(position);
            byIndex.set(index, [...(byIndex.get(index) ?? []), { path: column, message: x.message }]);
          }
          return { ...p, valid: false, rows: p.rows.map((r) => (byIndex.has(r.index) ? { ...r, errors: byIndex.get(r.index)! } : r)) };
        });
        leaveOutInvalid(false);
      }
    } finally {
      setSubmitting(false);
    }
  }

  const currency = preview?.currency ?? account?.currency ?? "";
  const badRows = preview?.rows.filter((r) => r.errors.length).length ?? 0;

  return (
    <Modal title={t("payments.bulkUpload.title")} open={open} onCancel={close} footer={null} width={1000} destroyOnHidden>
      <Form layout="vertical" component="div">
        <Flex gap={16} align="end" wrap>
          <Form.Item
            label={t("payments.bulkUpload.payFrom")}
            htmlFor={ACCOUNT_ID}
            style={{ flex: 1, minWidth: 280 }}
            extra={account && t("payments.common.availableBalance", { amount: formatMoney(account.balance.available, account.currency) })}
          >
            <Select
              id={ACCOUNT_ID}
              placeholder={t("payments.bulkUpload.selectAccount")}
              loading={accounts.isLoading}
              value={accountId}
              onChange={setAccountId}
              options={(accounts.data ?? []).map((a) => ({ value: a.id, label: `${accountLabel(a)} (${a.currency})` }))}
              notFoundContent={accounts.isError ? t("payments.bulkUpload.accountsError") : t("payments.bulkUpload.noAccounts")}
            />
          </Form.Item>
          <Form.Item label=" " colon={false}>
            <Button icon={<DownloadOutlined />} loading={downloading} onClick={saveTemplate}>
              {t("payments.bulkUpload.downloadTemplate")}
            </Button>
          </Form.Item>
        </Flex>
        <Form.Item
          label={t("payments.bulkUpload.file")}
          extra={t("payments.bulkUpload.fileHint", { max: MAX_BULK_ROWS, currency: currency || t("payments.bulkUpload.accountCurrency") })}
        >
          <Upload.Dragger
            accept=".csv,text/csv,.xml,application/xml,text/xml,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            multiple={false}
            maxCount={1}
            showUploadList={false}
            beforeUpload={(f) => {
              void readFile(f);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">
              {file ? t("payments.bulkUpload.fileRead", { name: file.name, count: file.rows.length }) : t("payments.bulkUpload.drop")}
            </p>
          </Upload.Dragger>
        </Form.Item>
      </Form>

      {fileError && <Alert type="error" showIcon message={fileError} style={{ marginBottom: 16 }} />}
      {file && !accountId && <Alert type="info" showIcon message={t("payments.bulkUpload.selectToCheck")} style={{ marginBottom: 16 }} />}
      {checking && (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin tip={t("payments.bulkUpload.checking")}>
            <div style={{ width: 120 }} />
          </Spin>
        </Flex>
      )}
      {checkError && (
        <Alert
          type="error"
          showIcon
          message={checkError}
          style={{ marginBottom: 16 }}
          action={
            accountId && file ? (
              <Button size="small" onClick={() => check(accountId, file)}>
                {t("payments.bulkUpload.tryAgain")}
              </Button>
            ) : undefined
          }
        />
      )}

      {preview && file && (
        <>
          <BulkPreviewTable rows={preview.rows} lines={file.lines} currency={currency} />
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, sm: 2 }}
            style={{ marginTop: 16 }}
            items={[
              {
                key: "count",
                label: t("payments.bulkUpload.payments"),
                children:
                  badRows > 0
                    ? t("payments.bulkUpload.withoutErrors", { valid: preview.rows.length - badRows, total: preview.rows.length })
                    : t("payments.bulkUpload.paymentCount", { count: preview.rows.length }),
              },
              { key: "total", label: t("payments.common.totalAmount"), children: formatMoney(preview.total_amount, currency) },
              { key: "fees", label: t("payments.bulkUpload.totalFees"), children: formatMoney(preview.total_fees, currency) },
              {
                key: "debit",
                label: t("payments.common.totalDebit"),
                children: formatMoney((BigInt(preview.total_amount) + BigInt(preview.total_fees)).toString(), currency),
              },
            ]}
          />
          {preview.problem && <Alert type="error" showIcon style={{ marginTop: 16 }} message={preview.problem} />}
          {badRows > 0 && (
            <Alert
              type={skipInvalid ? "warning" : "error"}
              showIcon
              style={{ marginTop: 16 }}
              message={
                skipInvalid
                  ? t("payments.bulkUpload.leftOut", { count: badRows, kept: t("payments.bulkUpload.rows", { count: sent.length }) })
                  : t("payments.bulkUpload.rowsWithErrors", { bad: badRows, count: preview.rows.length })
              }
              description={skipInvalid ? undefined : t("payments.bulkUpload.fixRows", { count: badRows })}
              action={
                skipInvalid ? (
                  <Button size="small" onClick={() => leaveOutInvalid(false)}>
                    {t("payments.bulkUpload.includeAgain")}
                  </Button>
                ) : preview.rows.length > badRows ? (
                  <Button size="small" onClick={() => leaveOutInvalid(true)}>
                    {t("payments.bulkUpload.continueWithout", { count: badRows })}
                  </Button>
                ) : undefined
              }
            />
          )}
          {payable && (
            <div style={{ marginTop: 16 }}>
              <ApprovalRoute scope="BULK" currency={preview.currency} amount={preview.total_amount} />
              <Form layout="vertical" component="div">
                <OneTimeCodeInput otp={otp} request={bulk && { endpoint: bulkPaymentEndpoints.submit, body: bulk }} />
              </Form>
            </div>
          )}
          <Flex justify="end" gap={8} style={{ marginTop: 16 }}>
            <Button icon={<DownloadOutlined />} onClick={saveReport}>
              {t("payments.bulkUpload.downloadReport")}
            </Button>
            <Button onClick={close}>{t("payments.common.cancel")}</Button>
            <Button type="primary" loading={submitting} disabled={!payable || checking || !otp.ready} onClick={submit}>
              {t("payments.bulkUpload.submit")}
            </Button>
          </Flex>
        </>
      )}
    </Modal>
  );
}

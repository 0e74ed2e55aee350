/**
 * Export statement modal (SPEC §2 Account details, §5 Statement export): type CSV / EXCEL / PDF (and
 * issue 28's camt.053, MT940, BAI2 for accounts, QuickBooks and Xero CSVs),
 * from and to (all required, the shared schema's messages), then a progress state while the server
 * renders the file (PENDING), a Download button once COMPLETE, and the past statements below.
 * Members with statements_read only see and download past statements; the form needs statements_write.
 */
import { useEffect, useState } from "react";
import { useTranslate } from "@refinedev/core";
import { useForm } from "react-hook-form";
import { zodResolver } from "../../i18n/validation.ts";
import { Alert, Button, Col, Divider, Form, Modal, Result, Row, Select, Spin, Typography } from "antd";
import { DayPicker } from "../form/day-picker.tsx";
import { DownloadOutlined } from "@ant-design/icons";
import dayjs from "dayjs";
import type { z } from "zod";
import { download, isApiError } from "../../api/client.ts";
import { call, urlOf } from "../../api/call.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { useSession } from "../../session/session.tsx";
import { Field, applyServerErrors } from "../form/field.tsx";
import { FORMAT_LABELS, formatsFor, StatementForm, statementEndpoints, type Statement } from "../../../../resources/statements.ts";
import { StatementList, type StatementOwner } from "./statement-list.tsx";

export type { StatementOwner } from "./statement-list.tsx";

const POLL_MS = 1000;
/** CSV, EXCEL, PDF, then the bank formats (accounts only) and the accounting tools' import CSVs. */
const formatOptions = (owner: StatementOwner) => formatsFor(owner).map((f) => ({ value: f, label: FORMAT_LABELS[f] }));

type FormValues = z.input<typeof StatementForm>;

export function ExportStatementModal({
  open,
  onClose,
  owner,
  name,
  range,
}: {
  open: boolean;
  onClose: () => void;
  owner: StatementOwner;
  name: string /** Initial from / to (YYYY-MM-DD). */;
  range?: { from: string; to: string };
}) {
  const t = useTranslate();
  const { can } = useSession();
  const toast = useToast();
  const [current, setCurrent] = useState<Statement | null>(null);
  const [version, setVersion] = useState(0);
  // A failed status check stops the polling (the list below keeps refreshing a PENDING row).
  const [stalled, setStalled] = useState(false);
  const form = useForm<FormValues, unknown, StatementForm>({
    resolver: zodResolver(StatementForm),
    defaultValues: { format: undefined, from: range?.from ?? "", to: range?.to ?? "" },
  });

  // Poll the statement being prepared until the worker has finished it, then refresh the list.
  useEffect(() => {
    if (!open || stalled || current?.state !== "PENDING") return;
    const timer = setTimeout(() => {
      call(statementEndpoints.show, { params: { id: current.id } })
        .then((r) => {
          setCurrent(r.data);
          if (r.data.state !== "PENDING") setVersion((v) => v + 1);
        })
        .catch((e) => (toast.error(e), setStalled(true)));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [open, current, stalled, toast]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const res = await call(statementEndpoints.create, { body: { ...values, ...owner } });
      setCurrent(res.data);
      setStalled(false);
      setVersion((v) => v + 1);
    } catch (e) {
      toast.error(e);
      if (isApiError(e)) applyServerErrors(e.errors, form.setError);
    }
  });

  const save = async (s: Statement) => {
    try {
      await download(urlOf(statementEndpoints.download, { params: { id: s.id } }), s.file_name ?? `statement.${s.format}`);
    } catch (e) {
      toast.error(e);
    }
  };

  const close = () => {
    setCurrent(null);
    form.reset();
    onClose();
  };

  return (
    <Modal title={t("money.statement.title")} open={open} onCancel={close} footer={null} width={720} destroyOnHidden>
      <Typography.Paragraph type="secondary">{name}</Typography.Paragraph>
      {current ? (
        <Progress statement={current} onDownload={save} onAnother={() => setCurrent(null)} />
      ) : can("statements", "create") ? (
        <Form layout="vertical" component="form" onFinish={submit} noValidate>
          <Row gutter={12}>
            <Col xs={24} sm={8}>
              <Field control={form.control} name="format" label={t("money.statement.type")}>
                {(f) => (
                  <Select
                    id={f.id}
                    value={f.value || undefined}
                    onChange={f.onChange}
                    onBlur={f.onBlur}
                    options={formatOptions(owner)}
                    placeholder={t("money.statement.selectType")}
                  />
                )}
              </Field>
            </Col>
            {(["from", "to"] as const).map((name) => (
              <Col xs={12} sm={8} key={name}>
                <Field control={form.control} name={name} label={name === "from" ? t("money.statement.from") : t("money.statement.to")}>
                  {(f) => (
                    <DayPicker
                      id={f.id}
                      value={f.value}
                      onChange={(day) => f.onChange(day ?? "")}
                      onBlur={f.onBlur}
                      disabledDate={(d) => d.isAfter(dayjs(), "day")}
                    />
                  )}
                </Field>
              </Col>
            ))}
          </Row>
          <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting}>
            {t("money.statement.export")}
          </Button>
        </Form>
      ) : (
        <Alert type="info" showIcon message={t("money.statement.readOnly")} />
      )}
      <Divider orientation="left" plain>
        {t("money.statement.past")}
      </Divider>
      <StatementList owner={owner} version={version} onDownload={save} />
    </Modal>
  );
}

/** The statement just requested: preparing, ready to download, or failed with the server's reason. */
function Progress({ statement: s, onDownload, onAnother }: { statement: Statement; onDownload: (s: Statement) => Promise<void>; onAnother: () => void }) {
  const t = useTranslate();
  const period = t("money.statement.period", { format: FORMAT_LABELS[s.format], from: s.from, to: s.to });
  const another = (
    <Button key="another" onClick={onAnother}>
      {t("money.statement.another")}
    </Button>
  );
  if (s.state === "PENDING") {
    return <Result icon={<Spin size="large" />} title={t("money.statement.preparing")} subTitle={period} data-testid="statement-progress" />;
  }
  if (s.state === "FAILED") return <Result status="error" title={t("money.statement.failed")} subTitle={s.failure_reason ?? period} extra={another} />;
  return (
    <Result
      status="success"
      title={t("money.statement.ready")}
      subTitle={period}
      extra={[
        <Button key="download" type="primary" icon={<DownloadOutlined />} onClick={() => onDownload(s)}>
          {t("money.statement.download")}
        </Button>,
        another,
      ]}
    />
  );
}

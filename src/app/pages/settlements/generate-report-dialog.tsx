/**
 * Generate Report (SPEC §2 Settlement details, §5 Report modal): an optional customer (searched in
 * v2/customers), From and To (both required), then the settlement's CSV downloads and 'Report
 * Generated' is toasted.
 */
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "../../i18n/validation.ts";
import { useTranslate } from "@refinedev/core";
import { Button, Col, Form, Modal, Row, Select } from "antd";
import { DayPicker } from "../../components/form/day-picker.tsx";
import { SettlementReportForm, settlementEndpoints, type Settlement } from "../../../../resources/settlements.ts";
import { customerEndpoints, type Customer } from "../../../../resources/customers.ts";
import { download, isApiError } from "../../api/client.ts";
import { call, urlOf } from "../../api/call.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { customerLabel } from "../../../lib/labels.ts";
import { Field, applyServerErrors } from "../../components/form/field.tsx";

/** Customers matching what is typed (first 10), for the optional customer. */
function useCustomers(keyword: string, enabled: boolean) {
  const [state, setState] = useState<{ items: Customer[]; loading: boolean }>({ items: [], loading: false });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    const t = setTimeout(
      () => {
        call(customerEndpoints.list, { query: { page: 1, limit: 10, keyword } })
          .then((r) => live && setState({ items: r.data.items, loading: false }))
          .catch(() => live && setState({ items: [], loading: false }));
      },
      keyword ? 300 : 0,
    );
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [keyword, enabled]);
  return state;
}

export function GenerateReportModal({ open, onClose, settlement }: { open: boolean; onClose: () => void; settlement: Settlement }) {
  const t = useTranslate();
  const toast = useToast();
  const [keyword, setKeyword] = useState("");
  const customers = useCustomers(keyword, open);
  const form = useForm<SettlementReportForm>({
    resolver: zodResolver(SettlementReportForm) as never,
    defaultValues: { customer_id: undefined, from: "", to: "" },
  });

  const close = () => {
    form.reset();
    setKeyword("");
    onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    const query = { from: values.from, to: values.to, customer_id: values.customer_id || undefined };
    try {
      await download(urlOf(settlementEndpoints.report, { params: { id: settlement.id }, query }), `settlement-${settlement.reference}.csv`);
      toast.success(t("settlements.report.generated"));
      close();
    } catch (e) {
      toast.error(e);
      if (isApiError(e)) applyServerErrors(e.errors, form.setError);
    }
  });

  return (
    <Modal title={t("settlements.report.title")} open={open} onCancel={close} footer={null} destroyOnHidden>
      <Form layout="vertical" component="form" onFinish={submit} noValidate>
        <Field control={form.control} name="customer_id" label={t("settlements.report.customer")}>
          {(f) => (
            <Select
              id={f.id}
              allowClear
              showSearch
              filterOption={false}
              placeholder={t("settlements.report.allCustomers")}
              loading={customers.loading}
              value={f.value || undefined}
              onSearch={setKeyword}
              onChange={(v) => f.onChange(v ?? undefined)}
              onBlur={f.onBlur}
              options={customers.items.map((c) => ({ value: c.id, label: customerLabel(c) }))}
            />
          )}
        </Field>
        <Row gutter={12}>
          {(["from", "to"] as const).map((name) => (
            <Col span={12} key={name}>
              <Field control={form.control} name={name} label={name === "from" ? t("settlements.report.from") : t("settlements.report.to")}>
                {(f) => <DayPicker id={f.id} value={f.value} onChange={(day) => f.onChange(day ?? "")} onBlur={f.onBlur} />}
              </Field>
            </Col>
          ))}
        </Row>
        <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting} block>
          {t("settlements.report.generate")}
        </Button>
      </Form>
    </Modal>
  );
}

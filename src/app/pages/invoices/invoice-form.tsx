/**
 * The invoice form (create, and edit of a draft): InvoiceInput through zodResolver with the
 * schema's messages, amounts typed in major units, the totals computed live by the function the
 * server stores them with, then save as a draft or save and issue. Server field errors land on
 * their fields.
 */
import { useEffect, useMemo, useState } from "react";
import { useList, useTranslate } from "@refinedev/core";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { Button, Card, Col, Flex, Form, Input, Row } from "antd";
import { LaterDatePicker, LaterSelect } from "../../components/form/later-controls.tsx";
import dayjs from "dayjs";
import { invoiceEndpoints, type Invoice } from "../../../../resources/invoices.ts";
import { accounts, type Account } from "../../../../resources/accounts.ts";
import { FIAT_CURRENCIES } from "../../../lib/assets.ts";
import { isApiError } from "../../api/client.ts";
import { useWrite } from "../../api/write.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { Field, applyServerErrors } from "../../components/form/field.tsx";
import { MoneyField } from "../../components/resource/money-input.tsx";
import { BillingFields } from "./billing-fields.tsx";
import { ItemsEditor } from "./items-editor.tsx";
import { DiscountEditor, TaxEditor } from "./adjustment-editors.tsx";
import { TotalsPanel } from "./totals-panel.tsx";
import { emptyInvoice, invoiceResolver, liveTotals, valuesOf, type InvoiceBody, type InvoiceValues } from "./invoice-values.ts";

type TextField = { id: string; value: unknown; onChange: (v: string) => void; onBlur: () => void };
const area = (field: TextField) => (
  <Input.TextArea
    id={field.id}
    autoSize={{ minRows: 2 }}
    value={String(field.value ?? "")}
    onChange={(e) => field.onChange(e.target.value)}
    onBlur={field.onBlur}
  />
);

const accountNumber = (a: Account) => a.deposit_addresses[0]?.data.account_number ?? a.deposit_addresses[0]?.data.iban ?? "";

export function InvoiceForm({ record, onSaved }: { record?: Invoice; onSaved: (saved: Invoice) => void }) {
  const t = useTranslate();
  const toast = useToast();
  const write = useWrite();
  const form = useForm<InvoiceValues, unknown, InvoiceBody>({ resolver: invoiceResolver, defaultValues: record ? valuesOf(record) : emptyInvoice() });
  const values = useWatch({ control: form.control }) as InvoiceValues;
  const currency = values.currency ?? "";
  const totals = useMemo(() => liveTotals(values), [values]);
  const [saving, setSaving] = useState<"save" | "issue" | null>(null);

  // The receiving account is one of the business's accounts in the invoice's currency.
  const accountList = useList<Account>({ resource: accounts.name, pagination: { pageSize: 100 }, errorNotification: false });
  const receiving = (accountList.result.data ?? []).filter((a) => a.currency === currency && !a.in_request_state);
  // A currency change drops an account of another currency (re-checked only then, or once the accounts load).
  // Null, not undefined: a field set to undefined shows its default again (the draft's account).
  const loaded = accountList.query.isSuccess;
  useEffect(() => {
    const chosen = form.getValues("account_id");
    if (chosen && loaded && !receiving.some((a) => a.id === chosen)) form.setValue("account_id", null as never);
  }, [currency, loaded]);

  const save = (issue: boolean) =>
    form.handleSubmit(
      async (body) => {
        setSaving(issue ? "issue" : "save");
        let saved: Invoice | undefined;
        try {
          const res = record ? await write(invoiceEndpoints.update, { params: { id: record.id }, body }) : await write(invoiceEndpoints.create, { body });
          saved = res.data;
          let message = res.message;
          if (issue) {
            const issued = await write(invoiceEndpoints.issue, { params: { id: saved.id } });
            saved = issued.data;
            message = issued.message;
          }
          toast.success(message);
        } catch (e) {
          toast.error(e);
          // Field errors belong to the save; a failed issue leaves a saved draft to open.
          if (!saved && isApiError(e)) applyServerErrors(e.errors, form.setError);
        } finally {
          setSaving(null);
        }
        if (saved) onSaved(saved);
      },
      () => setTimeout(() => document.querySelector(".ant-form-item-has-error, [role=alert]")?.scrollIntoView({ block: "center" })),
    )();

  const { control } = form;
  return (
    <FormProvider {...form}>
      <Form layout="vertical" component={false}>
        <Row gutter={16} align="top">
          <Col xs={24} xl={16}>
            <Card title={t("invoices.form.billTo")} size="small" style={{ marginBottom: 16 }}>
              <BillingFields />
            </Card>
            <Card title={t("invoices.form.details")} size="small" style={{ marginBottom: 16 }}>
              <Row gutter={12}>
                <Col xs={24} md={8}>
                  <Field control={control} name="currency" label={t("invoices.form.currency")}>
                    {(field) => (
                      <LaterSelect
                        id={field.id}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        placeholder={t("invoices.form.selectCurrency")}
                        options={FIAT_CURRENCIES.map((c) => ({ value: c, label: c }))}
                      />
                    )}
                  </Field>
                </Col>
                <Col xs={24} md={16}>
                  <Field control={control} name="account_id" label={t("invoices.form.receivingAccount")}>
                    {(field) => (
                      <LaterSelect
                        id={field.id}
                        value={field.value ?? undefined}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        loading={accountList.query.isLoading}
                        disabled={!currency}
                        placeholder={currency ? t("invoices.form.selectAccount") : t("invoices.form.selectCurrencyFirst")}
                        notFoundContent={t("invoices.form.noAccount", { currency })}
                        options={receiving.map((a) => ({ value: a.id, label: `${a.name} · ${accountNumber(a)}` }))}
                      />
                    )}
                  </Field>
                </Col>
                <Col xs={24} md={8}>
                  <Field control={control} name="due_date" label={t("invoices.form.dueDate")}>
                    {(field) => (
                      <LaterDatePicker
                        id={field.id}
                        style={{ width: "100%" }}
                        value={field.value ? dayjs(field.value) : null}
                        // Issuing refuses a due date before the issue date.
                        disabledDate={(d) => d.isBefore(dayjs().startOf("day"))}
                        onChange={(d) => field.onChange(d ? d.format("YYYY-MM-DD") : undefined)}
                        onBlur={field.onBlur}
                      />
                    )}
                  </Field>
                </Col>
                <Col xs={24} md={16}>
                  <Field control={control} name="description" label={t("invoices.form.description")}>
                    {area}
                  </Field>
                </Col>
              </Row>
            </Card>
            <Card title={t("invoices.form.items")} size="small" style={{ marginBottom: 16 }}>
              <ItemsEditor currency={currency} lines={totals.items} />
            </Card>
            <Card title={t("invoices.form.adjustments")} size="small" style={{ marginBottom: 16 }}>
              <DiscountEditor name="discount" currency={currency} title={t("invoices.form.invoiceDiscount")} />
              <TaxEditor name="tax" currency={currency} title={t("invoices.form.invoiceTax")} />
              <Row>
                <Col xs={24} md={8}>
                  <MoneyField control={control} name="shipping_amount" label={t("invoices.form.shipping")} currency={currency} />
                </Col>
              </Row>
            </Card>
            <Card title={t("invoices.form.notesAndTerms")} size="small" style={{ marginBottom: 16 }}>
              <Field control={control} name="notes" label={t("invoices.form.notes")}>
                {area}
              </Field>
              <Field control={control} name="terms" label={t("invoices.form.terms")}>
                {area}
              </Field>
            </Card>
          </Col>
          <Col xs={24} xl={8} style={{ position: "sticky", top: 16 }}>
            <Card title={t("invoices.form.summary")} size="small">
              <TotalsPanel currency={currency} totals={totals} />
              <Flex gap={8} wrap style={{ marginTop: 16 }}>
                <Button onClick={() => save(false)} loading={saving === "save"} disabled={!!saving}>
                  {record ? t("invoices.form.saveChanges") : t("invoices.form.saveDraft")}
                </Button>
                <Button type="primary" onClick={() => save(true)} loading={saving === "issue"} disabled={!!saving}>
                  {t("invoices.form.saveAndIssue")}
                </Button>
              </Flex>
            </Card>
          </Col>
        </Row>
      </Form>
    </FormProvider>
  );
}

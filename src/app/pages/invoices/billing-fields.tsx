/**
 * Who the invoice is for: an optional customer (picking one fills the billing details from its
 * billing information, else its own email, name and address), then the billing name, email and address.
 */
import { useList, useTranslate } from "@refinedev/core";
import { Col, Input, Row } from "antd";
import { LaterSelect } from "../../components/form/later-controls.tsx";
import { useFormContext, type Path } from "react-hook-form";
import { customers, type Customer } from "../../../../resources/customers.ts";
import { Field } from "../../components/form/field.tsx";
import { CountrySelect } from "../../components/resource/country-select.tsx";
import { billingOf, type InvoiceValues } from "./invoice-values.ts";

type TextField = { id: string; value: unknown; onChange: (v: string) => void; onBlur: () => void };
const text = (field: TextField) => (
  <Input id={field.id} value={String(field.value ?? "")} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} />
);
const address = (key: string) => `billing_information.address.${key}` as Path<InvoiceValues>;

export function BillingFields() {
  const t = useTranslate();
  const { control, setValue, formState } = useFormContext<InvoiceValues>();
  const { result, query } = useList<Customer>({ resource: customers.name, pagination: { pageSize: 100 }, errorNotification: false });
  const list = result.data ?? [];
  const pickCustomer = (id: string | undefined) => {
    setValue("customer_id", id ?? null, { shouldDirty: true });
    const c = list.find((x) => x.id === id);
    if (c) setValue("billing_information", billingOf(c), { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };

  return (
    <>
      <Field control={control} name="customer_id" label={t("invoices.billing.customer")}>
        {(field) => (
          <LaterSelect
            id={field.id}
            allowClear
            showSearch
            optionFilterProp="label"
            loading={query.isLoading}
            placeholder={t("invoices.billing.pickCustomer")}
            value={(field.value as string | null) ?? undefined}
            onChange={(v) => pickCustomer(v as string | undefined)}
            onBlur={field.onBlur}
            options={list.map((c) => ({ value: c.id, label: `${c.display_name} (${c.email})` }))}
          />
        )}
      </Field>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Field control={control} name="billing_information.name" label={t("invoices.billing.name")}>
            {text}
          </Field>
        </Col>
        <Col xs={24} md={12}>
          <Field control={control} name="billing_information.email" label={t("invoices.billing.email")}>
            {text}
          </Field>
        </Col>
        <Col xs={24}>
          <Field control={control} name={address("line_1")} label={t("invoices.billing.address")}>
            {text}
          </Field>
        </Col>
        <Col xs={24} md={12}>
          <Field control={control} name={address("city")} label={t("invoices.billing.city")}>
            {text}
          </Field>
        </Col>
        <Col xs={24} md={12}>
          <Field control={control} name={address("state_province")} label={t("invoices.billing.state")}>
            {text}
          </Field>
        </Col>
        <Col xs={24} md={12}>
          <Field control={control} name={address("postal_code")} label={t("invoices.billing.postalCode")}>
            {text}
          </Field>
        </Col>
        <Col xs={24} md={12}>
          <Field control={control} name={address("country")} label={t("invoices.billing.country")}>
            {(field) => <CountrySelect id={field.id} value={field.value as string | undefined} onChange={field.onChange} onBlur={field.onBlur} />}
          </Field>
        </Col>
      </Row>
    </>
  );
}

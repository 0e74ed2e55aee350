/**
 * The discount and tax editors, for a line ("items.3.discount") or the whole invoice ("discount").
 * Choosing a kind writes the object the schema expects (or null for none); the fields below then
 * edit it, with the schema's messages under them.
 */
import { Col, Form, Input, Radio, Row } from "antd";
import { LaterSelect } from "../../components/form/later-controls.tsx";
import { useTranslate } from "@refinedev/core";
import { useFormContext, useWatch, type Path } from "react-hook-form";
import { Field } from "../../components/form/field.tsx";
import { MoneyField } from "../../components/resource/money-input.tsx";
import type { DiscountSpec, TaxSpec } from "../../../lib/invoice-totals.ts";
import type { InvoiceValues } from "./invoice-values.ts";

type Props = { name: string; currency: string; title: string };
const at = (name: string, key: string) => `${name}.${key}` as Path<InvoiceValues>;

function useAdjustment<T>(name: string) {
  const { control, setValue, formState } = useFormContext<InvoiceValues>();
  const value = useWatch({ control, name: name as Path<InvoiceValues> }) as T | null | undefined;
  // After a first submit, a change re-checks at once (as typing in a field does). An amount not yet
  // typed is null: undefined would show the field's default (a saved draft's earlier amount).
  const set = (next: unknown) => setValue(name as Path<InvoiceValues>, next as never, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  return { control, value: value ?? null, set };
}

const rateInput = (field: { id: string; value: unknown; onChange: (v: string) => void; onBlur: () => void }) => (
  <Input
    id={field.id}
    inputMode="decimal"
    suffix="%"
    value={String(field.value ?? "")}
    onChange={(e) => field.onChange(e.target.value)}
    onBlur={field.onBlur}
  />
);
const textInput = (field: { id: string; value: unknown; onChange: (v: string) => void; onBlur: () => void }) => (
  <Input id={field.id} value={String(field.value ?? "")} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} />
);

export function DiscountEditor({ name, currency, title }: Props) {
  const t = useTranslate();
  const { control, value, set } = useAdjustment<DiscountSpec>(name);
  const kind = value?.type ?? "none";
  const choose = (next: string) => {
    const reason = value?.reason ?? "";
    set(next === "fixed" ? { type: "fixed", fixed_amount: null, reason } : next === "percentage" ? { type: "percentage", percentage_rate: "", reason } : null);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: an antd form item inside, whose layout a fieldset's own box would change
    <div role="group" aria-label={title}>
      <Form.Item label={title} style={{ marginBottom: 8 }}>
        <Radio.Group
          value={kind}
          onChange={(e) => choose(e.target.value)}
          optionType="button"
          size="small"
          options={[
            { value: "none", label: t("invoices.adjustments.none") },
            { value: "fixed", label: t("invoices.adjustments.fixed") },
            { value: "percentage", label: t("invoices.adjustments.percentage") },
          ]}
        />
      </Form.Item>
      {value && (
        <Row gutter={12}>
          <Col xs={24} sm={10}>
            {value.type === "fixed" ? (
              <MoneyField control={control} name={at(name, "fixed_amount")} label={t("invoices.adjustments.discountAmount")} currency={currency} />
            ) : (
              <Field control={control} name={at(name, "percentage_rate")} label={t("invoices.adjustments.discountRate")}>
                {rateInput}
              </Field>
            )}
          </Col>
          <Col xs={24} sm={14}>
            <Field control={control} name={at(name, "reason")} label={t("invoices.adjustments.reason")}>
              {textInput}
            </Field>
          </Col>
        </Row>
      )}
    </div>
  );
}

export function TaxEditor({ name, currency, title }: Props) {
  const t = useTranslate();
  const taxTypes = [
    { value: "STANDARD", label: t("invoices.adjustments.standard") },
    { value: "ZERO_RATED", label: t("invoices.adjustments.zeroRated") },
    { value: "EXEMPT", label: t("invoices.adjustments.exempt") },
  ];
  const { control, value, set } = useAdjustment<TaxSpec>(name);
  const kind = value?.method ?? "none";
  const choose = (next: string) => {
    const common = { type: value?.type ?? "STANDARD", behaviour: value?.behaviour ?? "exclusive", exemption_reason: value?.exemption_reason ?? "" };
    set(
      next === "percentage"
        ? { method: "percentage", percentage_rate: "", ...common }
        : next === "fixed"
          ? { method: "fixed", tax_amount: null, ...common }
          : null,
    );
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: an antd form item inside, whose layout a fieldset's own box would change
    <div role="group" aria-label={title}>
      <Form.Item label={title} style={{ marginBottom: 8 }}>
        <Radio.Group
          value={kind}
          onChange={(e) => choose(e.target.value)}
          optionType="button"
          size="small"
          options={[
            { value: "none", label: t("invoices.adjustments.none") },
            { value: "percentage", label: t("invoices.adjustments.percentage") },
            { value: "fixed", label: t("invoices.adjustments.fixed") },
          ]}
        />
      </Form.Item>
      {value && (
        <Row gutter={12}>
          <Col xs={24} sm={6}>
            {value.method === "fixed" ? (
              <MoneyField control={control} name={at(name, "tax_amount")} label={t("invoices.adjustments.taxAmount")} currency={currency} />
            ) : (
              <Field control={control} name={at(name, "percentage_rate")} label={t("invoices.adjustments.taxRate")}>
                {rateInput}
              </Field>
            )}
          </Col>
          <Col xs={24} sm={6}>
            <Field control={control} name={at(name, "type")} label={t("invoices.adjustments.taxType")}>
              {(field) => <LaterSelect id={field.id} value={field.value as string} onChange={field.onChange} onBlur={field.onBlur} options={taxTypes} />}
            </Field>
          </Col>
          <Col xs={24} sm={12}>
            <Field control={control} name={at(name, "behaviour")} label={t("invoices.adjustments.behaviour")}>
              {(field) => (
                <Radio.Group
                  id={field.id}
                  value={field.value}
                  onChange={(e) => field.onChange(e.target.value)}
                  options={[
                    { value: "exclusive", label: t("invoices.adjustments.exclusive") },
                    { value: "inclusive", label: t("invoices.adjustments.inclusive") },
                  ]}
                />
              )}
            </Field>
          </Col>
          {value.type === "EXEMPT" && (
            <Col xs={24}>
              <Field control={control} name={at(name, "exemption_reason")} label={t("invoices.adjustments.exemptionReason")}>
                {textInput}
              </Field>
            </Col>
          )}
        </Row>
      )}
    </div>
  );
}

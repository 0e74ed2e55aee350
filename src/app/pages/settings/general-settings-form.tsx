/**
 * General settings of invoicing (SPEC §5 Invoice prefix, §4 numbering strategy): the prefix (upper
 * case as typed), the numbering strategy with a live preview, the "numbering is fixed once invoices
 * exist" warning, and whether the logo heads the invoice. Saved with PATCH invoicing/settings.
 */
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "../../i18n/validation.ts";
import { Alert, Button, Form, Input, Select, Switch, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { z } from "zod";
import { InvoiceConfigUpdate, invoiceSettingsEndpoints, type InvoiceConfig } from "../../../../resources/invoice-settings.ts";
import { DEFAULT_INVOICE_PREFIX, NUMBERING_STRATEGIES, numberPreview } from "../../../lib/invoice-numbering.ts";
import { isApiError } from "../../api/client.ts";
import { call } from "../../api/call.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { Field, applyServerErrors } from "../../components/form/field.tsx";

/** The shared update schema's rules, with every field required: the form always sends all three. */
const GeneralSettings = z.object({
  invoice_prefix: InvoiceConfigUpdate.shape.invoice_prefix.unwrap(),
  invoice_numbering_strategy: z.enum(NUMBERING_STRATEGIES),
  include_logo_in_header: z.boolean(),
});
type Values = z.input<typeof GeneralSettings>;

const valuesOf = (c: InvoiceConfig): Values => ({
  invoice_prefix: c.invoice_prefix,
  invoice_numbering_strategy: c.invoice_numbering_strategy,
  include_logo_in_header: c.include_logo_in_header,
});

type Props = { config: InvoiceConfig; canEdit: boolean; onSaved: (config: InvoiceConfig) => void };

export function GeneralSettingsForm({ config, canEdit, onSaved }: Props) {
  const t = useTranslate();
  const toast = useToast();
  const strategyOptions = [
    { value: "SEQUENTIAL", label: t("settings.invoicing.strategies.sequential") },
    { value: "MONTHLY", label: t("settings.invoicing.strategies.monthly") },
    { value: "YEARLY", label: t("settings.invoicing.strategies.yearly") },
  ];
  const form = useForm<Values>({ resolver: zodResolver(GeneralSettings) as never, defaultValues: valuesOf(config) });
  // Only a change of these three refills the form: a new logo or address must not drop unsaved edits.
  const { invoice_prefix, invoice_numbering_strategy, include_logo_in_header } = config;
  useEffect(
    () => form.reset({ invoice_prefix, invoice_numbering_strategy, include_logo_in_header }),
    [invoice_prefix, invoice_numbering_strategy, include_logo_in_header, form],
  );
  const numberingDisabled = !canEdit || config.numbering_locked;
  const prefix = form.watch("invoice_prefix");
  const strategy = form.watch("invoice_numbering_strategy");

  const submit = form.handleSubmit(async (values) => {
    // Once locked, prefix and strategy are read-only here: leaving them out keeps the lock out of the way.
    const body = config.numbering_locked ? { include_logo_in_header: values.include_logo_in_header } : values;
    try {
      const res = await call(invoiceSettingsEndpoints.update, { body });
      toast.success(res.message);
      onSaved(res.data);
    } catch (e) {
      toast.error(e);
      if (isApiError(e)) applyServerErrors(e.errors, form.setError);
    }
  });

  return (
    <Form layout="vertical" component="form" onFinish={submit} noValidate style={{ maxWidth: 480 }}>
      <Alert type="warning" showIcon message={t("settings.invoicing.numberingLocked")} style={{ marginBottom: 16 }} />
      <Field control={form.control} name="invoice_prefix" label={t("settings.invoicing.prefix")}>
        {(f) => (
          <Input
            {...f}
            disabled={numberingDisabled}
            maxLength={10}
            placeholder={DEFAULT_INVOICE_PREFIX}
            onChange={(e) => f.onChange(e.target.value.toUpperCase())}
          />
        )}
      </Field>
      <Field control={form.control} name="invoice_numbering_strategy" label={t("settings.invoicing.strategy")}>
        {(f) => <Select id={f.id} value={f.value} onChange={f.onChange} onBlur={f.onBlur} options={strategyOptions} disabled={numberingDisabled} />}
      </Field>
      <Form.Item label={t("settings.invoicing.preview")}>
        <Typography.Text code data-testid="invoice-number-preview">
          {numberPreview(prefix.trim(), strategy)}
        </Typography.Text>
      </Form.Item>
      <Field control={form.control} name="include_logo_in_header" label={t("settings.invoicing.includeLogo")}>
        {(f) => <Switch id={f.id} checked={f.value} onChange={f.onChange} disabled={!canEdit} />}
      </Field>
      {canEdit && (
        <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting}>
          {t("settings.save")}
        </Button>
      )}
    </Form>
  );
}

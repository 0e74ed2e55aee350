/**
 * Edit billing address (SPEC §5 Billing address, §7 invoice config update): Address, City, State and
 * Country required, Postal code optional, checked by the shared BillingAddress schema; the server's
 * 'Billing address updated' is toasted and the saved config handed back.
 */
import { useForm } from "react-hook-form";
import { zodResolver } from "../../i18n/validation.ts";
import { Button, Col, Form, Input, Modal, Row } from "antd";
import { useTranslate } from "@refinedev/core";
import type { z } from "zod";
import { BillingAddress } from "../../../../resources/invoices.ts";
import { invoiceSettingsEndpoints, type InvoiceConfig } from "../../../../resources/invoice-settings.ts";
import { isApiError } from "../../api/client.ts";
import { call } from "../../api/call.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { Field, applyServerErrors } from "../../components/form/field.tsx";
import { CountrySelect } from "../../components/resource/country-select.tsx";

type Values = z.input<typeof BillingAddress>;
type Props = { open: boolean; address: InvoiceConfig["business_address"]; onClose: () => void; onSaved: (config: InvoiceConfig) => void };

const EMPTY: Values = { line_1: "", city: "", state_province: "", postal_code: "", country: "" };

export function BillingAddressModal({ open, address, onClose, onSaved }: Props) {
  const t = useTranslate();
  return (
    <Modal title={t("settings.invoicing.editAddress")} open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <BillingAddressForm address={address} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function BillingAddressForm({ address, onClose, onSaved }: Omit<Props, "open">) {
  const t = useTranslate();
  const toast = useToast();
  const form = useForm<Values>({ resolver: zodResolver(BillingAddress) as never, defaultValues: address ?? EMPTY });

  const submit = form.handleSubmit(async (values) => {
    try {
      const res = await call(invoiceSettingsEndpoints.update, { body: { business_address: values } });
      toast.success(res.message);
      onSaved(res.data);
      onClose();
    } catch (e) {
      toast.error(e);
      // The server names fields inside the body ("business_address.city"); the form has them at the top.
      if (isApiError(e))
        applyServerErrors(
          e.errors.map((x) => ({ ...x, path: x.path.replace(/^business_address\./, "") })),
          form.setError,
        );
    }
  });

  return (
    <Form layout="vertical" component="form" onFinish={submit} noValidate>
      <Field control={form.control} name="line_1" label={t("settings.invoicing.address")}>
        {(f) => <Input {...f} autoComplete="address-line1" />}
      </Field>
      <Row gutter={12}>
        <Col span={12}>
          <Field control={form.control} name="city" label={t("settings.invoicing.city")}>
            {(f) => <Input {...f} autoComplete="address-level2" />}
          </Field>
        </Col>
        <Col span={12}>
          <Field control={form.control} name="state_province" label={t("settings.invoicing.state")}>
            {(f) => <Input {...f} autoComplete="address-level1" />}
          </Field>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Field control={form.control} name="country" label={t("settings.invoicing.country")}>
            {(f) => <CountrySelect id={f.id} value={f.value} onChange={f.onChange} onBlur={f.onBlur} />}
          </Field>
        </Col>
        <Col span={12}>
          <Field control={form.control} name="postal_code" label={t("settings.invoicing.postalCode")}>
            {(f) => <Input {...f} value={f.value ?? ""} autoComplete="postal-code" />}
          </Field>
        </Col>
      </Row>
      <Row justify="end" gutter={8}>
        <Col>
          <Button onClick={onClose}>{t("settings.cancel")}</Button>
        </Col>
        <Col>
          <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting}>
            {t("settings.save")}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}

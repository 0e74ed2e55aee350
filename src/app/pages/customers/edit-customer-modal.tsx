/**
 * SPEC §5 Edit Customer modal (ResourceDef.editComponent "edit-customer"): type, email and names
 * shown but not editable; phone and address editable; BVN and NIN for customers in Nigeria. A save
 * PATCHes the profile (individual or business) and, when a number is given, the country data.
 */
import { useMemo, useState } from "react";
import { useForm, useWatch, type Path } from "react-hook-form";
import { zodResolver } from "../../i18n/validation.ts";
import { Alert, Button, Col, Flex, Form, Input, Modal, Radio, Row, Select } from "antd";
import { useTranslate } from "@refinedev/core";
import { CUSTOMER_BUSINESS_TYPES, type Customer } from "../../../../resources/customers.ts";
import { isApiError } from "../../api/client.ts";
import { useWrite } from "../../api/write.ts";
import { Field } from "../../components/form/field.tsx";
import { CountrySelect } from "../../components/resource/country-select.tsx";
import { maskSecret } from "../../components/resource/country-options.ts";
import type { EditScreenProps } from "../../components/resource/screens.tsx";
import { editCustomerSchema, editRequests, editValues, formPathOf, isInNigeria, type EditCustomerValues } from "./edit-customer.ts";
import { closable } from "../../providers/notification-provider.ts";
import { useFeedback } from "../../providers/feedback.tsx";

export default function EditCustomerModal({ open, record, onClose }: EditScreenProps) {
  const customer = record as unknown as Customer;
  const t = useTranslate();
  const typeOptions = [
    { value: "INDIVIDUAL", label: t("customers.edit.types.individual") },
    { value: "BUSINESS", label: t("customers.edit.types.business") },
  ];
  const businessTypeNames: Record<(typeof CUSTOMER_BUSINESS_TYPES)[number], string> = {
    CORPORATION: t("customers.edit.businessTypes.corporation"),
    LLC: t("customers.edit.businessTypes.llc"),
    PARTNERSHIP: t("customers.edit.businessTypes.partnership"),
    SOLE_PROPRIETORSHIP: t("customers.edit.businessTypes.soleProprietorship"),
  };
  const businessTypeOptions = CUSTOMER_BUSINESS_TYPES.map((value) => ({ value, label: businessTypeNames[value] }));
  const { notification } = useFeedback();
  const write = useWrite();
  const schema = useMemo(() => editCustomerSchema(customer), [customer]);
  const form = useForm<EditCustomerValues>({ resolver: zodResolver(schema), defaultValues: editValues(customer) });
  const { control } = form;
  const values = useWatch({ control }) as EditCustomerValues;
  const business = customer.type === "BUSINESS";
  const nigerian = isInNigeria(values, customer);
  const onFile = customer.country_data?.ng ?? {};
  // Why the last save was refused, kept in the modal after the toast has gone.
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = form.handleSubmit(async (v) => {
    setRefusal(null);
    try {
      for (const r of editRequests(v, customer)) {
        // Each save re-reads the customer: even a half-done edit (profile saved, numbers refused) changed it.
        await write(r.endpoint, { params: r.params, body: r.body });
      }
      notification.success({ closable: closable(), message: t("customers.edit.success"), placement: "topRight" });
      onClose();
    } catch (e) {
      if (isApiError(e))
        for (const err of e.errors ?? []) if (err.path) form.setError(formPathOf(err.path) as Path<EditCustomerValues>, { message: err.message });
      notification.error({
        closable: closable(),
        message: t("customers.edit.failure"),
        description: isApiError(e) ? e.message : undefined,
        placement: "topRight",
      });
      setRefusal(isApiError(e) ? e.message : "");
    }
  });

  const text = (
    name: Path<EditCustomerValues>,
    label: string,
    opts: { disabled?: boolean; placeholder?: string; inputMode?: "numeric" | "tel"; extra?: string } = {},
  ) => (
    <Field control={control} name={name} label={label} extra={opts.extra}>
      {(f) => (
        <Input
          id={f.id}
          name={f.name}
          value={(f.value as string) ?? ""}
          onChange={(e) => f.onChange(e.target.value)}
          onBlur={f.onBlur}
          disabled={opts.disabled}
          placeholder={opts.placeholder}
          inputMode={opts.inputMode}
        />
      )}
    </Field>
  );

  return (
    <Modal title={t("customers.edit.title")} open={open} onCancel={onClose} footer={null} destroyOnClose width={640}>
      <Form layout="vertical" component="form" onFinish={submit} noValidate>
        <Field control={control} name="type" label={t("customers.edit.type")}>
          {(f) => <Radio.Group id={f.id} value={f.value} options={typeOptions} optionType="button" buttonStyle="solid" disabled />}
        </Field>
        {text("email", t("customers.edit.email"), { disabled: true })}
        {business ? (
          <Row gutter={12}>
            <Col span={12}>{text("name", t("customers.edit.businessName"), { disabled: true })}</Col>
            <Col span={12}>
              <Field control={control} name="business_type" label={t("customers.edit.businessType")}>
                {(f) => <Select id={f.id} value={f.value || undefined} options={businessTypeOptions} disabled />}
              </Field>
            </Col>
          </Row>
        ) : (
          <Row gutter={12}>
            <Col span={12}>{text("first_name", t("customers.edit.firstName"), { disabled: true })}</Col>
            <Col span={12}>{text("last_name", t("customers.edit.lastName"), { disabled: true })}</Col>
          </Row>
        )}
        {text("phone_number", t("customers.edit.phone"), { placeholder: "+2348012345678", inputMode: "tel" })}
        {text("address.line_1", t("customers.edit.address"))}
        <Row gutter={12}>
          <Col span={12}>{text("address.city", t("customers.edit.city"))}</Col>
          <Col span={12}>{text("address.state", t("customers.edit.state"))}</Col>
        </Row>
        <Row gutter={12}>
          <Col span={12}>{text("address.postal_code", t("customers.edit.postalCode"))}</Col>
          <Col span={12}>
            <Field control={control} name="address.country" label={t("customers.edit.country")}>
              {(f) => <CountrySelect id={f.id} value={f.value as string} onChange={f.onChange} onBlur={f.onBlur} />}
            </Field>
          </Col>
        </Row>
        {nigerian && (
          <Row gutter={12}>
            <Col span={12}>
              {text("bvn", t("customers.edit.bvn"), {
                inputMode: "numeric",
                placeholder: t("customers.edit.elevenDigits"),
                extra: onFile.bvn ? t("customers.edit.onFile", { masked: maskSecret(onFile.bvn) }) : undefined,
              })}
            </Col>
            <Col span={12}>
              {text("nin", t("customers.edit.nin"), {
                inputMode: "numeric",
                placeholder: t("customers.edit.elevenDigits"),
                extra: onFile.nin ? t("customers.edit.onFile", { masked: maskSecret(onFile.nin) }) : undefined,
              })}
            </Col>
          </Row>
        )}
        {refusal !== null && (
          <Alert type="error" showIcon message={t("customers.edit.refused")} description={refusal || undefined} style={{ marginBottom: 16 }} />
        )}
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t("customers.edit.cancel")}</Button>
          <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting} disabled={form.formState.isSubmitting}>
            {t("customers.edit.save")}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}

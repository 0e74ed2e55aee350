/**
 * SPEC §5 Edit Customer modal (ResourceDef.editComponent "edit-customer"): type, email and names
 * shown but not editable; phone and address editable; BVN and NIN for customers in Nigeria. A save
 * PATCHes the profile (individual or business) and, when a number is given, the country data.
 */
import { useMemo, useState } from "react";
import { useForm, useWatch, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, App, Button, Col, Flex, Form, Input, Modal, Radio, Row, Select } from "antd";
import { CUSTOMER_BUSINESS_TYPES, type Customer } from "../../../../resources/customers.ts";
import { isApiError } from "../../api/client.ts";
import { useWrite } from "../../api/write.ts";
import { Field } from "../../components/form/field.tsx";
import { CountrySelect } from "../../components/resource/country-select.tsx";
import { maskSecret } from "../../components/resource/country-options.ts";
import { humanize } from "../../components/resource/renderers.tsx";
import type { EditScreenProps } from "../../components/resource/screens.tsx";
import {
  EDIT_FAILURE,
  EDIT_REFUSED,
  EDIT_SUCCESS,
  editCustomerSchema,
  editRequests,
  editValues,
  formPathOf,
  isInNigeria,
  type EditCustomerValues,
} from "./edit-customer.ts";

const TYPE_OPTIONS = [
  { value: "INDIVIDUAL", label: "Individual" },
  { value: "BUSINESS", label: "Business" },
];
const BUSINESS_TYPE_OPTIONS = CUSTOMER_BUSINESS_TYPES.map((t) => ({ value: t, label: humanize(t) }));

export default function EditCustomerModal({ open, record, onClose }: EditScreenProps) {
  const customer = record as unknown as Customer;
  const { notification } = App.useApp();
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
      notification.success({ message: EDIT_SUCCESS, placement: "topRight" });
      onClose();
    } catch (e) {
      if (isApiError(e))
        for (const err of e.errors ?? []) if (err.path) form.setError(formPathOf(err.path) as Path<EditCustomerValues>, { message: err.message });
      notification.error({ message: EDIT_FAILURE, description: isApiError(e) ? e.message : undefined, placement: "topRight" });
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
    <Modal title="Edit Customer" open={open} onCancel={onClose} footer={null} destroyOnClose width={640}>
      <Form layout="vertical" component="form" onFinish={submit} noValidate>
        <Field control={control} name="type" label="Customer type">
          {(f) => <Radio.Group id={f.id} value={f.value} options={TYPE_OPTIONS} optionType="button" buttonStyle="solid" disabled />}
        </Field>
        {text("email", "Email", { disabled: true })}
        {business ? (
          <Row gutter={12}>
            <Col span={12}>{text("name", "Business name", { disabled: true })}</Col>
            <Col span={12}>
              <Field control={control} name="business_type" label="Business type">
                {(f) => <Select id={f.id} value={f.value || undefined} options={BUSINESS_TYPE_OPTIONS} disabled />}
              </Field>
            </Col>
          </Row>
        ) : (
          <Row gutter={12}>
            <Col span={12}>{text("first_name", "First name", { disabled: true })}</Col>
            <Col span={12}>{text("last_name", "Last name", { disabled: true })}</Col>
          </Row>
        )}
        {text("phone_number", "Phone number", { placeholder: "+2348012345678", inputMode: "tel" })}
        {text("address.line_1", "Address")}
        <Row gutter={12}>
          <Col span={12}>{text("address.city", "City")}</Col>
          <Col span={12}>{text("address.state", "State")}</Col>
        </Row>
        <Row gutter={12}>
          <Col span={12}>{text("address.postal_code", "Postal code")}</Col>
          <Col span={12}>
            <Field control={control} name="address.country" label="Country">
              {(f) => <CountrySelect id={f.id} value={f.value as string} onChange={f.onChange} onBlur={f.onBlur} />}
            </Field>
          </Col>
        </Row>
        {nigerian && (
          <Row gutter={12}>
            <Col span={12}>
              {text("bvn", "BVN", {
                inputMode: "numeric",
                placeholder: "11 digits",
                extra: onFile.bvn ? `On file: ${maskSecret(onFile.bvn)}. Leave blank to keep it.` : undefined,
              })}
            </Col>
            <Col span={12}>
              {text("nin", "NIN", {
                inputMode: "numeric",
                placeholder: "11 digits",
                extra: onFile.nin ? `On file: ${maskSecret(onFile.nin)}. Leave blank to keep it.` : undefined,
              })}
            </Col>
          </Row>
        )}
        {refusal !== null && <Alert type="error" showIcon message={EDIT_REFUSED} description={refusal || undefined} style={{ marginBottom: 16 }} />}
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting} disabled={form.formState.isSubmitting}>
            Save changes
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}

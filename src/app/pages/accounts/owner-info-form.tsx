/** The Naira account owner's details (SPEC §3 NGN account owner info), validated by the shared schema. */
import { useForm } from "react-hook-form";
import { useTranslate } from "@refinedev/core";
import { zodResolver } from "../../i18n/validation.ts";
import { Button, Col, Form, Input, Row } from "antd";
import { NgnOwnerInfo } from "../../../../resources/account-requests.ts";
import { Field } from "../../components/form/field.tsx";

export function OwnerInfoForm({ onSubmit, onBack }: { onSubmit: (v: NgnOwnerInfo) => Promise<void>; onBack: () => void }) {
  const t = useTranslate();
  const elevenDigits = t("accounts.owner.elevenDigits");
  const textFields = [
    ["business_registration_date", t("accounts.owner.registrationDate"), t("accounts.owner.datePlaceholder")],
    ["incorporation_number", t("accounts.owner.incorporationNumber"), "RC123456"],
    ["bvn", t("accounts.owner.bvn"), elevenDigits],
    ["nin", t("accounts.owner.nin"), elevenDigits],
    ["phone", t("accounts.owner.phone"), t("accounts.owner.phonePlaceholder")],
    ["address.line_1", t("accounts.owner.address"), ""],
    ["address.line_2", t("accounts.owner.addressLine2"), ""],
    ["address.city", t("accounts.owner.city"), ""],
    ["address.state", t("accounts.owner.state"), ""],
    ["address.country", t("accounts.owner.country"), ""],
  ] as const;
  const form = useForm<NgnOwnerInfo>({
    resolver: zodResolver(NgnOwnerInfo),
    defaultValues: {
      business_registration_date: "",
      incorporation_number: "",
      bvn: "",
      nin: "",
      phone: "",
      address: { line_1: "", line_2: "", city: "", state: "", country: "Nigeria" },
    },
  });
  return (
    <Form layout="vertical" component="form" noValidate onFinish={form.handleSubmit(onSubmit)}>
      <Row gutter={12}>
        {textFields.map(([name, label, placeholder]) => (
          <Col span={12} key={name}>
            <Field control={form.control} name={name} label={label}>
              {(f) => <Input {...f} value={(f.value as string) ?? ""} placeholder={placeholder} />}
            </Field>
          </Col>
        ))}
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Button block onClick={onBack}>
            {t("accounts.owner.back")}
          </Button>
        </Col>
        <Col span={12}>
          <Button type="primary" block htmlType="submit" loading={form.formState.isSubmitting}>
            {t("accounts.owner.submit")}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}

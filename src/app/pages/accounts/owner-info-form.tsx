/** The Naira account owner's details (SPEC §3 NGN account owner info), validated by the shared schema. */
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Col, Form, Input, Row } from "antd";
import { NgnOwnerInfo } from "../../../../resources/account-requests.ts";
import { Field } from "../../components/form/field.tsx";

const TEXT_FIELDS = [
  ["business_registration_date", "Business registration date", "YYYY-MM-DD"],
  ["incorporation_number", "Incorporation number", "RC123456"],
  ["bvn", "BVN", "11 digits"],
  ["nin", "NIN", "11 digits"],
  ["phone", "Phone number", "+2348012345678 or 08012345678"],
  ["address.line_1", "Address", ""],
  ["address.line_2", "Address line 2 (optional)", ""],
  ["address.city", "City", ""],
  ["address.state", "State", ""],
  ["address.country", "Country", ""],
] as const;

export function OwnerInfoForm({ onSubmit, onBack }: { onSubmit: (v: NgnOwnerInfo) => Promise<void>; onBack: () => void }) {
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
        {TEXT_FIELDS.map(([name, label, placeholder]) => (
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
            Back
          </Button>
        </Col>
        <Col span={12}>
          <Button type="primary" block htmlType="submit" loading={form.formState.isSubmitting}>
            Submit request
          </Button>
        </Col>
      </Row>
    </Form>
  );
}

/** The verification's company facts: checked with the provider's own schema, then saved (PUT company). */
import { useState } from "react";
import { Button, Card, Col, Form, Input, Row, Select } from "antd";
import { KybCompany, MONTHLY_VOLUMES } from "../../../../resources/kyb.ts";
import { isApiError } from "../../api/client.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { verificationApi, type KybCaseView } from "./api.ts";
import { serverIssues, showErrors, zodIssues } from "./form-errors.ts";

const VOLUME_OPTIONS = Object.entries(MONTHLY_VOLUMES).map(([value, label]) => ({ value, label }));
// Country codes are stored upper-case; typing "gb" should not be an error.
const upper = (v?: string) => (v ? v.toUpperCase() : v);
// An emptied date input gives "", which should read as "is required", not "must be a date".
const orUndefined = (v?: string) => (v ? v : undefined);

type Props = { token: string; view: KybCaseView; onSaved: (view: KybCaseView) => void };

export function CompanyForm({ token, view, onSaved }: Props) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const toast = useToast();

  async function save(values: Record<string, unknown>) {
    const parsed = KybCompany.safeParse({ ...values, incorporation_date: orUndefined(values.incorporation_date as string | undefined) });
    if (!parsed.success) {
      // A problem no field shows (none expected) still must not fail silently.
      const [unplaced] = showErrors(form, zodIssues(parsed.error));
      if (unplaced) toast.error(new Error(unplaced.message));
      return;
    }
    showErrors(form, []);
    setSaving(true);
    try {
      onSaved(await verificationApi.saveCompany(token, parsed.data));
      toast.success("Company information saved");
    } catch (e) {
      const unplaced = isApiError(e) && e.errors.length ? showErrors(form, serverIssues(e.errors)) : null;
      if (!unplaced || unplaced.length) toast.error(e);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title="Company information">
      <Form form={form} name="company" layout="vertical" onFinish={save} initialValues={view.company ?? undefined} disabled={!view.editable} noValidate>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="legal_name" label="Legal name">
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="registration_number" label="Registration number">
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="incorporation_date" label="Incorporation date">
              <Input type="date" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="incorporation_country" label="Country of incorporation" normalize={upper} extra="Two-letter code, e.g. GB">
              <Input maxLength={2} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name={["address", "line_1"]} label="Address">
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={["address", "city"]} label="City">
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={["address", "state"]} label="State">
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={["address", "postal_code"]} label="Postal code">
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={["address", "country"]} label="Country" normalize={upper} extra="Two-letter code">
              <Input maxLength={2} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="website" label="Website (optional)">
              <Input type="url" placeholder="https://example.com" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="purpose_of_account" label="Purpose of the account">
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="source_of_funds" label="Source of funds">
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="monthly_volume" label="Monthly payment volume">
              <Select options={VOLUME_OPTIONS} placeholder="Select a range" />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save company information
        </Button>
      </Form>
    </Card>
  );
}

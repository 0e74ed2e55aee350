/** The verification's company facts: checked with the provider's own schema, then saved (PUT company). */
import { useTranslate } from "@refinedev/core";
import { useState } from "react";
import { Button, Card, Col, Form, Input, Row, Select } from "antd";
import { KybCompany, MONTHLY_VOLUMES } from "../../../../resources/kyb.ts";
import { isApiError } from "../../api/client.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { verificationApi, type KybCaseView } from "./api.ts";
import { serverIssues, showErrors, zodIssues } from "./form-errors.ts";
import { volumeLabels } from "./labels.ts";

const VOLUMES = Object.keys(MONTHLY_VOLUMES) as (keyof typeof MONTHLY_VOLUMES)[];
// Country codes are stored upper-case; typing "gb" should not be an error.
/** A URL is the same in every language. */
const EXAMPLE_URL = "https://example.com";
const upper = (v?: string) => (v ? v.toUpperCase() : v);
// An emptied date input gives "", which should read as "is required", not "must be a date".
const orUndefined = (v?: string) => (v ? v : undefined);

type Props = { token: string; view: KybCaseView; onSaved: (view: KybCaseView) => void };

export function CompanyForm({ token, view, onSaved }: Props) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const toast = useToast();
  const t = useTranslate();
  const volumes = volumeLabels(t);

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
      toast.success(t("sandbox.kyb.company.saved"));
    } catch (e) {
      const unplaced = isApiError(e) && e.errors.length ? showErrors(form, serverIssues(e.errors)) : null;
      if (!unplaced || unplaced.length) toast.error(e);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title={t("sandbox.kyb.company.title")}>
      <Form form={form} name="company" layout="vertical" onFinish={save} initialValues={view.company ?? undefined} disabled={!view.editable} noValidate>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="legal_name" label={t("sandbox.kyb.company.legalName")}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="registration_number" label={t("sandbox.kyb.company.registrationNumber")}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="incorporation_date" label={t("sandbox.kyb.company.incorporationDate")}>
              <Input type="date" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="incorporation_country"
              label={t("sandbox.kyb.company.incorporationCountry")}
              normalize={upper}
              extra={t("sandbox.kyb.company.countryCodeExample")}
            >
              <Input maxLength={2} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name={["address", "line_1"]} label={t("sandbox.kyb.company.address")}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={["address", "city"]} label={t("sandbox.kyb.company.city")}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={["address", "state"]} label={t("sandbox.kyb.company.state")}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={["address", "postal_code"]} label={t("sandbox.kyb.company.postalCode")}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={["address", "country"]} label={t("sandbox.kyb.company.country")} normalize={upper} extra={t("sandbox.kyb.company.countryCode")}>
              <Input maxLength={2} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="website" label={t("sandbox.kyb.company.websiteOptional")}>
              <Input type="url" placeholder={EXAMPLE_URL} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="purpose_of_account" label={t("sandbox.kyb.company.purposeOfAccount")}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="source_of_funds" label={t("sandbox.kyb.company.sourceOfFunds")}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="monthly_volume" label={t("sandbox.kyb.company.monthlyVolume")}>
              <Select options={VOLUMES.map((value) => ({ value, label: volumes[value] }))} placeholder={t("sandbox.kyb.company.selectRange")} />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t("sandbox.kyb.company.save")}
        </Button>
      </Form>
    </Card>
  );
}

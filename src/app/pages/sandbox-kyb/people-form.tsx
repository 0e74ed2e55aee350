/**
 * Directors and beneficial owners: one row per person, checked with the provider's schema (each a
 * director or a 5%+ owner, at least one director, at most 100% in all), then saved (PUT people).
 */
import { useTranslate } from "@refinedev/core";
import { useState } from "react";
import { Button, Card, Checkbox, Col, Form, Input, InputNumber, Row, Typography } from "antd";
import { KybPeople } from "../../../../resources/kyb.ts";
import { isApiError } from "../../api/client.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { verificationApi, type KybCaseView } from "./api.ts";
import { serverIssues, showErrors, zodIssues } from "./form-errors.ts";

type Person = {
  first_name?: string;
  last_name?: string;
  date_of_birth?: string;
  nationality?: string;
  is_director?: boolean;
  ownership_percent?: number | null;
};

const BLANK: Person = { is_director: false, ownership_percent: 0 };
const upper = (v?: string) => (v ? v.toUpperCase() : v);

type Props = { token: string; view: KybCaseView; onSaved: (view: KybCaseView) => void };

export function PeopleForm({ token, view, onSaved }: Props) {
  const [form] = Form.useForm<{ people: Person[] }>();
  const [saving, setSaving] = useState(false);
  const toast = useToast();
  const t = useTranslate();
  // A fresh case starts with one empty row: nearly every business has at least one director to enter.
  const [initial] = useState(() => ({ people: view.people.length ? view.people : [BLANK] }));

  async function save(values: { people?: Person[] }) {
    // An emptied date reads as "is required"; an emptied percentage as "must be a number".
    const people = (values.people ?? []).map((p) => ({
      ...p,
      date_of_birth: p.date_of_birth || undefined,
      ownership_percent: p.ownership_percent ?? undefined,
    }));
    const parsed = KybPeople.safeParse({ people });
    if (!parsed.success) return void showErrors(form, zodIssues(parsed.error));
    showErrors(form, []);
    setSaving(true);
    try {
      onSaved(await verificationApi.savePeople(token, parsed.data.people));
      toast.success(t("sandbox.kyb.people.saved"));
    } catch (e) {
      const unplaced = isApiError(e) && e.errors.length ? showErrors(form, serverIssues(e.errors)) : null;
      if (!unplaced || unplaced.length) toast.error(e);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title={t("sandbox.kyb.people.title")}>
      <Typography.Paragraph type="secondary">{t("sandbox.kyb.people.intro")}</Typography.Paragraph>
      <Form form={form} name="people" layout="vertical" onFinish={save} initialValues={initial} disabled={!view.editable} noValidate>
        <Form.List name="people">
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field, i) => (
                <Card
                  key={field.key}
                  size="small"
                  type="inner"
                  title={t("sandbox.kyb.people.person", { number: i + 1 })}
                  style={{ marginBottom: 12 }}
                  extra={
                    <Button size="small" danger onClick={() => remove(field.name)} aria-label={t("sandbox.kyb.people.removePersonLabel", { number: i + 1 })}>
                      {t("sandbox.kyb.people.removePerson")}
                    </Button>
                  }
                >
                  <Row gutter={16}>
                    <Col xs={24} md={12}>
                      <Form.Item name={[field.name, "first_name"]} label={t("sandbox.kyb.people.firstName")}>
                        <Input maxLength={100} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={12}>
                      <Form.Item name={[field.name, "last_name"]} label={t("sandbox.kyb.people.lastName")}>
                        <Input maxLength={100} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={8}>
                      <Form.Item name={[field.name, "date_of_birth"]} label={t("sandbox.kyb.people.dateOfBirth")}>
                        <Input type="date" />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={8}>
                      <Form.Item
                        name={[field.name, "nationality"]}
                        label={t("sandbox.kyb.people.nationality")}
                        normalize={upper}
                        extra={t("sandbox.kyb.company.countryCode")}
                      >
                        <Input maxLength={2} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={8}>
                      <Form.Item
                        name={[field.name, "ownership_percent"]}
                        label={t("sandbox.kyb.people.ownership")}
                        extra={t("sandbox.kyb.people.ownershipHint")}
                      >
                        <InputNumber min={0} max={100} precision={0} style={{ width: "100%" }} />
                      </Form.Item>
                    </Col>
                    <Col span={24}>
                      <Form.Item name={[field.name, "is_director"]} valuePropName="checked" style={{ marginBottom: 0 }}>
                        <Checkbox>{t("sandbox.kyb.people.director")}</Checkbox>
                      </Form.Item>
                    </Col>
                  </Row>
                </Card>
              ))}
              <Form.ErrorList errors={errors} />
              <Button onClick={() => add({ ...BLANK })} style={{ margin: "8px 0 16px" }}>
                {t("sandbox.kyb.people.add")}
              </Button>
            </>
          )}
        </Form.List>
        <div>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t("sandbox.kyb.people.save")}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

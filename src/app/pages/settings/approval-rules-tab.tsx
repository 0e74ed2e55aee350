/**
 * Settings → Approval rules (issue 15): the business's ordered rules, each with what it means in
 * words. Every member reads them (a maker should know why a payment waits); the owner edits the
 * list and saves it whole. Amounts are typed in major units of the rule's currency (US dollars for
 * "Any currency") and sent as minor units; the server checks everything again.
 */
import { useEffect, type ReactNode } from "react";
import { Controller, useFieldArray, useForm, useWatch, type Control } from "react-hook-form";
import { useQuery } from "@tanstack/react-query";
import { useTranslate } from "@refinedev/core";
import { Alert, Button, Card, Empty, Flex, Form, Input, InputNumber, List, Select, Skeleton, Space, Tooltip, Typography } from "antd";
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import {
  ANY_CURRENCY_UNIT,
  APPROVAL_SCOPES,
  MAX_APPROVALS,
  MAX_RULES,
  RULE_CURRENCIES,
  approvalRuleEndpoints,
  type ApprovalRule,
} from "../../../../resources/approval-rules.ts";
import type { ReceivedOf } from "../../../../resources/define-endpoint.ts";
import { isApiError } from "../../api/client.ts";
import { call } from "../../api/call.ts";
import { useWrite } from "../../api/write.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { useSession } from "../../session/session.tsx";
import { formatMinor, parseMajor } from "../../../lib/money.ts";

type Answer = ReceivedOf<typeof approvalRuleEndpoints.list>;
type Listed = Answer["rules"][number];
/** A rule as edited: amounts in major units, "" for none; currency "" for any. */
type Row = {
  scope: ApprovalRule["scope"];
  currency: NonNullable<ApprovalRule["currency"]> | typeof ANY;
  above: string;
  upTo: string;
  approvals: number;
  role: string;
};
type Values = { rules: Row[] };

const KEY = ["approval-rules"];
const ANY = "";
const major = (minor: string | null, currency: string) =>
  minor === null || minor === "0" ? "" : formatMinor(minor, currency).replace(/,/g, "").replace(/\.0+$/, "");
const rowOf = (r: ApprovalRule): Row => {
  const unit = r.currency ?? ANY_CURRENCY_UNIT;
  return {
    scope: r.scope,
    currency: r.currency ?? ANY,
    above: major(r.min_amount, unit),
    upTo: major(r.max_amount, unit),
    approvals: r.approvals_required,
    role: r.required_role ?? ANY,
  };
};
const NEW_ROW: Row = { scope: "ANY", currency: ANY, above: "", upTo: "", approvals: 2, role: ANY };

export default function ApprovalRulesTab() {
  const { can } = useSession();
  const t = useTranslate();
  const rules = useQuery({ queryKey: KEY, queryFn: async () => (await call(approvalRuleEndpoints.list)).data });
  return (
    <Card>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t("settings.approvalRules.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("settings.approvalRules.intro")}</Typography.Paragraph>
      {rules.isLoading ? (
        <Skeleton active />
      ) : rules.isError || !rules.data ? (
        <Alert type="error" showIcon message={t("settings.approvalRules.loadError")} />
      ) : can("approval-rules", "edit") ? (
        <RulesEditor data={rules.data} />
      ) : (
        <RulesList rules={rules.data.rules} />
      )}
    </Card>
  );
}

function RulesList({ rules }: { rules: Listed[] }) {
  const t = useTranslate();
  if (!rules.length) return <Empty description={t("settings.approvalRules.empty")} />;
  return (
    <>
      <List size="small" bordered dataSource={rules} renderItem={(r) => <List.Item>{`${r.position}. ${r.reason}`}</List.Item>} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t("settings.approvalRules.ownerOnly")}
      </Typography.Paragraph>
    </>
  );
}

function RulesEditor({ data }: { data: Answer }) {
  const t = useTranslate();
  const toast = useToast();
  const write = useWrite();
  const form = useForm<Values>({ defaultValues: { rules: data.rules.map(rowOf) } });
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: "rules" });
  useEffect(() => form.reset({ rules: data.rules.map(rowOf) }), [data, form]);

  const save = form.handleSubmit(async (values) => {
    try {
      const res = await write(approvalRuleEndpoints.replace, { body: { rules: values.rules.map(toBody) } });
      toast.success(res.message);
    } catch (e) {
      if (isApiError(e)) for (const err of e.errors) form.setError(formPathOf(err.path) as never, { message: err.message });
      toast.error(e);
    }
  });

  return (
    <Form layout="vertical" component="form" onFinish={save}>
      {fields.length === 0 && <Empty description={t("settings.approvalRules.empty")} />}
      <Space direction="vertical" size={12} style={{ width: "100%" }}>
        {fields.map((f, i) => (
          <RuleRow
            key={f.id}
            index={i}
            count={fields.length}
            control={form.control}
            roles={data.approving_roles}
            reason={data.rules[i]?.reason}
            onMove={move}
            onRemove={remove}
          />
        ))}
      </Space>
      <Flex justify="space-between" style={{ marginTop: 16 }}>
        <Button icon={<PlusOutlined />} disabled={fields.length >= MAX_RULES} onClick={() => append({ ...NEW_ROW })}>
          {t("settings.approvalRules.addRule")}
        </Button>
        <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting}>
          {t("settings.approvalRules.saveRules")}
        </Button>
      </Flex>
    </Form>
  );
}

/** The API's field names, as the editor names them: a server error lands under its field. */
const FORM_NAMES: Record<string, keyof Row> = {
  scope: "scope",
  currency: "currency",
  min_amount: "above",
  max_amount: "upTo",
  approvals_required: "approvals",
  required_role: "role",
};
const formPathOf = (path: string) => path.replace(/^(rules\.\d+\.)(\w+)$/, (_, at: string, name: string) => `${at}${FORM_NAMES[name] ?? name}`);

/** The row as the API takes it: minor units of the rule's currency (US cents for any currency). */
function toBody(r: Row) {
  const unit = r.currency || ANY_CURRENCY_UNIT;
  const minor = (text: string) => (text.trim() === "" ? null : (parseMajor(text, unit)?.toString() ?? text));
  return {
    scope: r.scope,
    currency: r.currency || null,
    min_amount: minor(r.above) ?? "0",
    max_amount: minor(r.upTo),
    approvals_required: r.approvals,
    required_role: r.role || null,
  };
}

type RowProps = {
  index: number;
  count: number;
  control: Control<Values>;
  roles: string[];
  reason?: string;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
};

function RuleRow({ index: i, count, control, roles, reason, onMove, onRemove }: RowProps) {
  const t = useTranslate();
  const row = useWatch({ control, name: `rules.${i}` });
  const unit = row?.currency || ANY_CURRENCY_UNIT;
  const n = i + 1;
  const scopeLabels: Record<(typeof APPROVAL_SCOPES)[number], string> = {
    ANY: t("settings.approvalRules.scopes.any"),
    FIAT: t("settings.approvalRules.scopes.fiat"),
    CRYPTO: t("settings.approvalRules.scopes.crypto"),
    BULK: t("settings.approvalRules.scopes.bulk"),
  };
  return (
    <Card
      size="small"
      role="group"
      aria-label={t("settings.approvalRules.rule", { n })}
      title={t("settings.approvalRules.rule", { n })}
      extra={
        <Space size={4}>
          <Tooltip title={t("settings.approvalRules.moveUp")}>
            <Button
              size="small"
              type="text"
              aria-label={t("settings.approvalRules.moveRuleUp", { n })}
              icon={<ArrowUpOutlined />}
              disabled={i === 0}
              onClick={() => onMove(i, i - 1)}
            />
          </Tooltip>
          <Tooltip title={t("settings.approvalRules.moveDown")}>
            <Button
              size="small"
              type="text"
              aria-label={t("settings.approvalRules.moveRuleDown", { n })}
              icon={<ArrowDownOutlined />}
              disabled={i === count - 1}
              onClick={() => onMove(i, i + 1)}
            />
          </Tooltip>
          <Tooltip title={t("settings.approvalRules.remove")}>
            <Button
              size="small"
              type="text"
              danger
              aria-label={t("settings.approvalRules.removeRule", { n })}
              icon={<DeleteOutlined />}
              onClick={() => onRemove(i)}
            />
          </Tooltip>
        </Space>
      }
    >
      <Flex wrap gap={12} align="start">
        <RuleField control={control} name={`rules.${i}.scope`} label={t("settings.approvalRules.appliesTo")} width={170}>
          {(v, set, id) => <Select id={id} value={v as string} onChange={set} options={APPROVAL_SCOPES.map((s) => ({ value: s, label: scopeLabels[s] }))} />}
        </RuleField>
        <RuleField control={control} name={`rules.${i}.currency`} label={t("settings.approvalRules.currency")} width={190}>
          {(v, set, id) => (
            <Select
              id={id}
              value={v as string}
              onChange={set}
              options={[{ value: ANY, label: t("settings.approvalRules.anyCurrency") }, ...RULE_CURRENCIES.map((c) => ({ value: c, label: c }))]}
            />
          )}
        </RuleField>
        <RuleField control={control} name={`rules.${i}.above`} label={t("settings.approvalRules.above", { unit })} width={150}>
          {(v, set, id) => <Input id={id} inputMode="decimal" placeholder="0" value={v as string} onChange={(e) => set(e.target.value)} />}
        </RuleField>
        <RuleField control={control} name={`rules.${i}.upTo`} label={t("settings.approvalRules.upTo", { unit })} width={150}>
          {(v, set, id) => (
            <Input id={id} inputMode="decimal" placeholder={t("settings.approvalRules.noLimit")} value={v as string} onChange={(e) => set(e.target.value)} />
          )}
        </RuleField>
        <RuleField control={control} name={`rules.${i}.approvals`} label={t("settings.approvalRules.approvals")} width={110}>
          {(v, set, id) => (
            <InputNumber id={id} min={1} max={MAX_APPROVALS} precision={0} value={v as number} onChange={(n) => set(n ?? 1)} style={{ width: "100%" }} />
          )}
        </RuleField>
        <RuleField control={control} name={`rules.${i}.role`} label={t("settings.approvalRules.oneOfThemBy")} width={170}>
          {(v, set, id) => (
            <Select
              id={id}
              value={v as string}
              onChange={set}
              options={[{ value: ANY, label: t("settings.approvalRules.anyone") }, ...roles.map((r) => ({ value: r, label: r }))]}
            />
          )}
        </RuleField>
      </Flex>
      {reason && <Typography.Text type="secondary">{t("settings.approvalRules.savedAs", { reason })}</Typography.Text>}
    </Card>
  );
}

type RuleFieldProps = {
  control: Control<Values>;
  name: `rules.${number}.${keyof Row}`;
  label: string;
  width: number;
  children: (value: unknown, set: (v: unknown) => void, id: string) => ReactNode;
};

function RuleField({ control, name, label, width, children }: RuleFieldProps) {
  const id = name.replace(/\./g, "-");
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Form.Item
          label={label}
          htmlFor={id}
          validateStatus={fieldState.error ? "error" : undefined}
          help={fieldState.error?.message}
          style={{ width, marginBottom: 8 }}
        >
          {children(field.value, field.onChange, id)}
        </Form.Item>
      )}
    />
  );
}

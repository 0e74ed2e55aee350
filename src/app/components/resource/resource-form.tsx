/**
 * The generic create / edit form: the declaration's fields (shown when their `when` holds),
 * validated by its zod schema, errors under the fields, submit disabled while pending.
 */
import { useCreate, useTranslate, useUpdate } from "@refinedev/core";
import { useForm, useWatch } from "react-hook-form";
import { Button, Form, Input, Radio } from "antd";
import { LaterSelect } from "../form/later-controls.tsx";
import type { z } from "zod";
import type { FormField, ResourceDef } from "../../../../resources/define-resource.ts";
import { pathGet, whenHolds } from "../../../../resources/define-resource.ts";
import { isApiError } from "../../api/client.ts";
import { Field, applyServerErrors } from "../form/field.tsx";
import { useSession } from "../../session/session.tsx";
import { CountrySelect } from "./country-select.tsx";
import { MoneyField } from "./money-input.tsx";
import { schemaResolver } from "./schema-resolver.ts";
import { useBeneficiaryCheck } from "../beneficiaries/beneficiary-check.tsx";
import { type Translate, useDeclared } from "./use-declared.ts";

type Props = {
  def: ResourceDef;
  mode: "create" | "edit";
  record?: Record<string, unknown>;
  onDone: (saved?: { id: string }) => void;
};

export function ResourceForm({ def: declared, mode, record, onDone }: Props) {
  // The fields' labels, placeholders and choices, and the toasts, in the member's language.
  const def = useDeclared(declared);
  const t = useTranslate();
  const { session } = useSession();
  const features = session?.features ?? [];
  const schema = (mode === "edit" ? (def.update ?? def.create) : def.create) as z.ZodType<Record<string, unknown>, Record<string, unknown>>;
  const fields = (mode === "edit" ? (def.editFields ?? def.fields) : def.fields) ?? [];
  const form = useForm<Record<string, unknown>>({
    resolver: schemaResolver(schema, Object.fromEntries(fields.map((f) => [f.name, f.label]))),
    defaultValues: mode === "edit" ? editDefaults(fields, record) : { ...def.formDefaults },
  });
  const values = useWatch({ control: form.control });
  const create = useCreate();
  const update = useUpdate();
  const check = useBeneficiaryCheck(def.formCheck === "beneficiary", values, record);

  const errorToast = (e?: { message?: string }) => ({ message: e?.message ?? t("common.requestFailed"), type: "error" as const });
  const submit = form.handleSubmit(async (checked) => {
    const body = await check.confirm(checked);
    if (!body) return;
    const notification = (message?: string) => (message ? () => ({ message, type: "success" as const }) : false);
    try {
      const res =
        mode === "create"
          ? await create.mutateAsync({ resource: def.name, values: body, successNotification: notification(def.createSuccess), errorNotification: errorToast })
          : await update.mutateAsync({
              resource: def.name,
              id: String(record!.id),
              values: body,
              // A change that waits for approval (202) says so rather than "updated".
              successNotification: (res?: { data?: unknown }) => {
                const message = check.savedMessage(res?.data) ?? def.updateSuccess;
                return message ? { message, type: "success" as const } : false;
              },
              errorNotification: errorToast,
              mutationMode: "pessimistic",
            });
      onDone(res.data as { id: string });
    } catch (e) {
      if (isApiError(e)) applyServerErrors(e.errors, form.setError);
    }
  });

  const visible = fields.filter((f) => whenHolds(f.when, values));
  return (
    <Form layout="vertical" component="form" onFinish={submit} noValidate>
      {visible.map((f) =>
        f.kind === "money" ? (
          // Its own field: it explains unparsable text in major units rather than the schema's minor-unit wording.
          <MoneyField
            key={f.name}
            control={form.control}
            name={f.name}
            label={f.label}
            currency={String(pathGet(values, f.currencyField ?? "currency") ?? "")}
            disabled={mode === "edit" && !!f.createOnly}
          />
        ) : (
          <Field key={`${f.name}:${JSON.stringify(f.when ?? {})}`} control={form.control} name={f.name} label={f.label}>
            {(field) => input(t, f, field, features, mode === "edit" && !!f.createOnly)}
          </Field>
        ),
      )}
      {check.panel}
      <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting} disabled={form.formState.isSubmitting}>
        {mode === "create" ? (def.createLabel ?? t("common.create")) : t("resource.form.saveChanges")}
      </Button>
    </Form>
  );
}

function input(
  t: Translate,
  f: FormField,
  field: { value: unknown; onChange: (v: unknown) => void; onBlur: () => void; id: string; name: string },
  features: string[],
  disabled: boolean,
) {
  const options = (f.options ?? []).filter((o) => !o.feature || features.includes(o.feature));
  switch (f.kind) {
    case "select":
      return (
        <LaterSelect
          id={field.id}
          value={field.value as string | undefined}
          onChange={field.onChange}
          onBlur={field.onBlur}
          options={options}
          placeholder={f.placeholder ?? t("resource.form.selectPlaceholder", { label: f.label.toLowerCase() })}
          disabled={disabled}
        />
      );
    case "radio":
      return (
        <Radio.Group
          id={field.id}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value)}
          options={options}
          disabled={disabled}
          optionType="button"
          buttonStyle="solid"
        />
      );
    case "country":
      return (
        <CountrySelect
          id={field.id}
          value={field.value as string | undefined}
          onChange={field.onChange}
          onBlur={field.onBlur}
          placeholder={f.placeholder}
          disabled={disabled}
        />
      );
    case "textarea":
      return (
        <Input.TextArea
          id={field.id}
          value={(field.value as string) ?? ""}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          disabled={disabled}
        />
      );
    default:
      return (
        <Input
          id={field.id}
          value={(field.value as string) ?? ""}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          placeholder={f.placeholder}
          disabled={disabled}
        />
      );
  }
}

/** The record's current values, at each field's path (so nested detail fields fill in). */
function editDefaults(fields: FormField[], record?: Record<string, unknown>) {
  if (!record) return {};
  const out: Record<string, unknown> = structuredClone(record);
  for (const f of fields) {
    if (f.name in out || f.name.includes(".")) continue;
    // Flat edit fields (e.g. crypto "address") read from where the record keeps them.
    const nested = (record.details as Record<string, unknown> | undefined)?.[f.name];
    if (nested !== undefined) out[f.name] = nested;
  }
  return out;
}

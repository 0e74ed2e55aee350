/**
 * Create sub-account (SPEC §5): for the business itself (a name) or for a customer. For a customer the
 * requirements are read first; any missing ones are asked for in the missing-requirements modal, with
 * the rules and messages of REQUIREMENTS, and sent with the create.
 */
import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "../../i18n/validation.ts";
import { z } from "zod";
import { Button, Form, Input, Modal, Radio, Select } from "antd";
import { useTranslate } from "@refinedev/core";
import { isApiError } from "../../api/client.ts";
import { call } from "../../api/call.ts";
import { useWrite } from "../../api/write.ts";
import { customerLabel } from "../../../lib/labels.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { Field, applyServerErrors } from "../../components/form/field.tsx";
import { CreateSubAccount, REQUIREMENTS, subAccountEndpoints } from "../../../../resources/sub-accounts.ts";
import { accountEndpoints } from "../../../../resources/accounts.ts";
import { customerEndpoints } from "../../../../resources/customers.ts";
import type { ReceivedOf } from "../../../../resources/define-endpoint.ts";

type Kind = "own" | "customer";
type Values = { kind: Kind; currency: string; name: string; customer_id: string };
type Missing = ReceivedOf<typeof subAccountEndpoints.requirements>[number];

/** The create form: the shared schema, plus which of name / customer the chosen kind needs. */
const formSchema = (t: ReturnType<typeof useTranslate>) =>
  z
    .object({ kind: z.enum(["own", "customer"]), currency: z.string(), name: z.string().optional(), customer_id: z.string().optional() })
    .superRefine((v, ctx) => {
      if (!v.currency) ctx.addIssue({ code: "custom", path: ["currency"], message: t("subAccounts.create.currencyRequired") });
      if (v.kind === "own") {
        const r = CreateSubAccount.safeParse({ currency: v.currency || "X", name: v.name?.trim() || undefined });
        for (const i of r.success ? [] : r.error.issues) ctx.addIssue({ code: "custom", path: i.path as string[], message: i.message });
      } else if (!v.customer_id || !z.string().uuid().safeParse(v.customer_id).success) {
        ctx.addIssue({ code: "custom", path: ["customer_id"], message: t("subAccounts.create.customerRequired") });
      }
    });

/** The currencies of the business's accounts (the first 10), each a master account for sub-accounts. */
function useCurrencies(open: boolean) {
  const [currencies, setCurrencies] = useState<string[] | null>(null);
  useEffect(() => {
    if (!open) return;
    call(accountEndpoints.list, { query: { page: 1, limit: 10 } })
      .then((r) => setCurrencies([...new Set(r.data.items.filter((a) => a.state === "ACTIVE").map((a) => a.currency))]))
      .catch(() => setCurrencies([]));
  }, [open]);
  return currencies;
}

function CustomerSelect({ id, value, onChange, onBlur }: { id: string; value?: string; onChange: (v: string) => void; onBlur: () => void }) {
  const translate = useTranslate();
  const [keyword, setKeyword] = useState("");
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    setLoading(true);
    const t = setTimeout(() => {
      call(customerEndpoints.list, { query: { page: 1, limit: 10, keyword } })
        .then((r) => setOptions(r.data.items.filter((c) => c.state === "ACTIVE").map((c) => ({ value: c.id, label: customerLabel(c) }))))
        .catch(() => setOptions([]))
        .finally(() => setLoading(false));
    }, 300);
    return () => clearTimeout(t);
  }, [keyword]);
  // A customer chosen before the modal opened (Create sub-account on a customer) is shown by name.
  const [preset, setPreset] = useState<{ value: string; label: string } | null>(null);
  useEffect(() => {
    if (!value || options.some((o) => o.value === value) || preset?.value === value) return;
    call(customerEndpoints.show, { params: { id: value } })
      .then((r) => setPreset({ value: r.data.id, label: customerLabel(r.data) }))
      .catch(() => undefined);
  }, [value, options, preset]);
  return (
    <Select
      id={id}
      showSearch
      filterOption={false}
      onSearch={setKeyword}
      loading={loading}
      value={value || undefined}
      onChange={onChange}
      onBlur={onBlur}
      options={preset && !options.some((o) => o.value === preset.value) ? [preset, ...options] : options}
      placeholder={translate("subAccounts.create.searchCustomers")}
      notFoundContent={loading ? translate("subAccounts.create.loading") : translate("subAccounts.create.noCustomers")}
    />
  );
}

export default function CreateSubAccountModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [params] = useSearchParams();
  const t = useTranslate();
  const toast = useToast();
  const write = useWrite();
  const currencies = useCurrencies(open);
  const initialKind: Kind = params.get("for") === "customer" ? "customer" : "own";
  // Opened from a customer's row (SPEC §2 Customers): the 'Create a sub-account' modal, the customer already chosen.
  const forChosenCustomer = initialKind === "customer" && !!params.get("customer");
  const form = useForm<Values>({
    resolver: zodResolver(formSchema(t)) as never,
    defaultValues: { kind: initialKind, currency: params.get("currency") ?? "", name: "", customer_id: params.get("customer") ?? "" },
  });
  const [missing, setMissing] = useState<Missing[] | null>(null);
  const kind = form.watch("kind");
  useEffect(() => {
    if (open) form.reset({ kind: initialKind, currency: params.get("currency") ?? "", name: "", customer_id: params.get("customer") ?? "" });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset each time the modal opens
  }, [open]);

  async function create(values: Values, requirements: Record<string, string> = {}) {
    const body =
      values.kind === "own"
        ? { currency: values.currency, name: values.name.trim() }
        : { currency: values.currency, customer_id: values.customer_id, requirements };
    const res = await write(subAccountEndpoints.create, { body });
    toast.success(res.message);
    setMissing(null);
    onClose();
  }

  const submit = form.handleSubmit(async (values) => {
    try {
      if (values.kind === "customer") {
        const r = await call(subAccountEndpoints.requirements, { query: { customer_id: values.customer_id, currency: values.currency } });
        const needed = r.data.filter((x) => !x.exists);
        if (needed.length) return setMissing(needed);
      }
      await create(values);
    } catch (e) {
      toast.error(e);
      if (isApiError(e)) applyServerErrors(e.errors, form.setError);
    }
  });

  const currencyOptions = useMemo(() => (currencies ?? []).map((c) => ({ value: c, label: c })), [currencies]);

  return (
    <>
      <Modal
        title={forChosenCustomer ? t("subAccounts.create.titleForCustomer") : t("subAccounts.create.title")}
        open={open && !missing}
        onCancel={onClose}
        footer={null}
        destroyOnHidden
      >
        <Form layout="vertical" component="form" onFinish={submit} noValidate>
          <Field control={form.control} name="kind" label={t("subAccounts.create.for")}>
            {(f) => (
              <Radio.Group id={f.id} value={f.value} onChange={(e) => f.onChange(e.target.value)} optionType="button">
                <Radio.Button value="own">{t("subAccounts.create.myBusiness")}</Radio.Button>
                <Radio.Button value="customer">{t("subAccounts.create.aCustomer")}</Radio.Button>
              </Radio.Group>
            )}
          </Field>
          <Field control={form.control} name="currency" label={t("subAccounts.currency")}>
            {(f) => (
              <Select
                id={f.id}
                value={f.value || undefined}
                onChange={f.onChange}
                onBlur={f.onBlur}
                options={currencyOptions}
                loading={!currencies}
                placeholder={t("subAccounts.create.selectCurrency")}
              />
            )}
          </Field>
          {kind === "own" ? (
            <Field control={form.control} name="name" label={t("subAccounts.create.name")}>
              {(f) => <Input {...f} placeholder={t("subAccounts.create.namePlaceholder")} maxLength={100} />}
            </Field>
          ) : (
            <Field control={form.control} name="customer_id" label={t("subAccounts.create.customer")}>
              {(f) => <CustomerSelect id={f.id} value={f.value} onChange={f.onChange} onBlur={f.onBlur} />}
            </Field>
          )}
          <Button type="primary" htmlType="submit" block loading={form.formState.isSubmitting}>
            {t("subAccounts.create.title")}
          </Button>
        </Form>
      </Modal>
      {missing && (
        <MissingRequirementsModal missing={missing} onCancel={() => setMissing(null)} onSubmit={(requirements) => create(form.getValues(), requirements)} />
      )}
    </>
  );
}

/** SPEC §5 Missing requirements: one field per missing item, checked by its REQUIREMENTS rule. */
function MissingRequirementsModal({
  missing,
  onCancel,
  onSubmit,
}: {
  missing: Missing[];
  onCancel: () => void;
  onSubmit: (values: Record<string, string>) => Promise<void>;
}) {
  const toast = useToast();
  const t = useTranslate();
  const schema = useMemo(
    () =>
      z.object({ requirements: z.record(z.string(), z.string()) }).superRefine((v, ctx) => {
        for (const m of missing) {
          const rule = REQUIREMENTS[m.key];
          const value = v.requirements[m.key] ?? "";
          const problem = rule ? rule.check(value) : value.trim() ? null : t("subAccounts.missing.required", { what: m.description });
          if (problem) ctx.addIssue({ code: "custom", path: ["requirements", m.key], message: problem });
        }
      }),
    [missing, t],
  );
  const form = useForm<{ requirements: Record<string, string> }>({
    resolver: zodResolver(schema) as never,
    defaultValues: { requirements: Object.fromEntries(missing.map((m) => [m.key, ""])) },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(Object.fromEntries(Object.entries(values.requirements).map(([k, v]) => [k, v.trim()])));
    } catch (e) {
      toast.error(e);
      if (isApiError(e)) applyServerErrors(e.errors, form.setError);
    }
  });
  return (
    <Modal title={t("subAccounts.missing.title")} open onCancel={onCancel} footer={null} destroyOnHidden>
      <p>{t("subAccounts.missing.intro")}</p>
      <Form layout="vertical" component="form" onFinish={submit} noValidate>
        {missing.map((m) => (
          <Field key={m.key} control={form.control} name={`requirements.${m.key}`} label={REQUIREMENTS[m.key]?.description ?? m.description}>
            {(f) => (
              <Input
                {...f}
                value={f.value ?? ""}
                placeholder={
                  m.key === "incorporation_date"
                    ? t("subAccounts.missing.datePlaceholder")
                    : m.key === "incorporation_country"
                      ? t("subAccounts.missing.countryPlaceholder")
                      : undefined
                }
              />
            )}
          </Field>
        ))}
        <Button type="primary" htmlType="submit" block loading={form.formState.isSubmitting}>
          {t("subAccounts.missing.submit")}
        </Button>
      </Form>
    </Modal>
  );
}

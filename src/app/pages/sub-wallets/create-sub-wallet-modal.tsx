/**
 * Create sub-wallet (SPEC §5, §7 POST wallets): Own (an asset and a name) or Customer (an asset, a
 * name and the customer). Checked by the shared CreateSubWallet schema; on success the server's
 * message is toasted and the new sub-wallet opens.
 */
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "../../i18n/validation.ts";
import { z } from "zod";
import { Button, Form, Input, Modal, Radio, Select } from "antd";
import { useTranslate } from "@refinedev/core";
import { isApiError } from "../../api/client.ts";
import { customerLabel } from "../../../lib/labels.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { Field } from "../../components/form/field.tsx";
import { assetLabel, CreateSubWallet, subWalletEndpoints, subWallets } from "../../../../resources/sub-wallets.ts";
import { walletEndpoints } from "../../../../resources/wallets.ts";
import { customerEndpoints } from "../../../../resources/customers.ts";
import { call } from "../../api/call.ts";
import { useWrite } from "../../api/write.ts";

type Kind = "own" | "customer";
type Values = { kind: Kind; asset: string; name: string; customer_id: string };
type Asset = { currency: string; blockchain: string };

/** The request body; sent only once FormSchema has checked the values against CreateSubWallet itself. */
const toBody = (v: Values) => {
  const [currency, blockchain] = v.asset ? v.asset.split(":") : [];
  return {
    currency: currency || undefined,
    blockchain: blockchain || undefined,
    name: v.name,
    classification: v.kind === "customer" ? ("customer" as const) : ("institution" as const),
    customer_id: v.kind === "customer" ? v.customer_id || undefined : undefined,
  } as z.input<typeof CreateSubWallet>;
};

/** The form: the shared schema's issues, with currency and blockchain shown under the one asset field. */
const formSchema = (t: ReturnType<typeof useTranslate>) =>
  z.object({ kind: z.enum(["own", "customer"]), asset: z.string(), name: z.string(), customer_id: z.string() }).superRefine((v, ctx) => {
    const r = CreateSubWallet.safeParse(toBody(v));
    const seen = new Set<string>();
    for (const i of r.success ? [] : r.error.issues) {
      const field = i.path[0] === "currency" || i.path[0] === "blockchain" ? "asset" : String(i.path[0]);
      if (seen.has(field)) continue;
      seen.add(field);
      ctx.addIssue({ code: "custom", path: [field], message: i.message });
    }
    // The schema's own customer check runs only once the rest is valid; the form says it at once.
    if (v.kind === "customer" && !v.customer_id && !seen.has("customer_id"))
      ctx.addIssue({ code: "custom", path: ["customer_id"], message: t("subWallets.create.customerRequired") });
  });

/** The business's main wallets: the assets it can open sub-wallets in. */
function useMainAssets(open: boolean) {
  const [assets, setAssets] = useState<Asset[] | null>(null);
  useEffect(() => {
    if (!open) return;
    call(walletEndpoints.main)
      .then((r) => setAssets(r.data))
      .catch(() => setAssets([]));
  }, [open]);
  return assets;
}

type CustomerOption = { value: string; label: string; name: string };

function CustomerSelect({ id, value, onChange, onBlur }: { id: string; value?: string; onChange: (v: string, name: string) => void; onBlur: () => void }) {
  const translate = useTranslate();
  const [keyword, setKeyword] = useState("");
  const [options, setOptions] = useState<CustomerOption[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    setLoading(true);
    const t = setTimeout(() => {
      call(customerEndpoints.list, { query: { page: 1, limit: 10, keyword } })
        .then((r) => setOptions(r.data.items.filter((c) => c.state === "ACTIVE").map((c) => ({ value: c.id, label: customerLabel(c), name: c.display_name }))))
        .catch(() => setOptions([]))
        .finally(() => setLoading(false));
    }, 300);
    return () => clearTimeout(t);
  }, [keyword]);
  return (
    <Select
      id={id}
      showSearch
      filterOption={false}
      onSearch={setKeyword}
      loading={loading}
      value={value || undefined}
      onChange={(v: string, o) => onChange(v, (o as CustomerOption | undefined)?.name ?? "")}
      onBlur={onBlur}
      options={options}
      placeholder={translate("subWallets.create.searchCustomers")}
      notFoundContent={loading ? translate("subWallets.create.loading") : translate("subWallets.create.noCustomers")}
    />
  );
}

export default function CreateSubWalletModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const t = useTranslate();
  const toast = useToast();
  const write = useWrite();
  const assets = useMainAssets(open);
  const initial = (): Values => ({
    kind: params.get("for") === "customer" ? "customer" : "own",
    asset: params.get("asset") && params.get("blockchain") ? `${params.get("asset")}:${params.get("blockchain")}` : "",
    name: "",
    customer_id: "",
  });
  const form = useForm<Values>({ resolver: zodResolver(formSchema(t)) as never, defaultValues: initial() });
  const kind = form.watch("kind");
  useEffect(() => {
    if (open) form.reset(initial());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset each time the modal opens
  }, [open]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const res = await write(subWalletEndpoints.create, { body: toBody({ ...values, name: values.name.trim() }) });
      toast.success(res.message);
      onClose();
      navigate(subWallets.routes.show!.replace(":id", res.data.id));
    } catch (e) {
      toast.error(e);
      if (isApiError(e)) {
        for (const err of e.errors ?? []) {
          const field = err.path === "currency" || err.path === "blockchain" ? "asset" : err.path;
          if (field === "asset" || field === "name" || field === "customer_id") form.setError(field, { message: err.message });
        }
      }
    }
  });

  return (
    <Modal title={t("subWallets.create.title")} open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <Form layout="vertical" component="form" onFinish={submit} noValidate>
        <Field control={form.control} name="kind" label={t("subWallets.create.for")}>
          {(f) => (
            <Radio.Group id={f.id} value={f.value} onChange={(e) => f.onChange(e.target.value)} optionType="button">
              <Radio.Button value="own">{t("subWallets.create.own")}</Radio.Button>
              <Radio.Button value="customer">{t("subWallets.create.customer")}</Radio.Button>
            </Radio.Group>
          )}
        </Field>
        <Field control={form.control} name="asset" label={t("subWallets.asset")}>
          {(f) => (
            <Select
              id={f.id}
              value={f.value || undefined}
              onChange={f.onChange}
              onBlur={f.onBlur}
              loading={!assets}
              options={(assets ?? []).map((a) => ({ value: `${a.currency}:${a.blockchain}`, label: assetLabel(a.currency, a.blockchain) }))}
              placeholder={t("subWallets.create.selectAsset")}
              notFoundContent={t("subWallets.create.noAsset")}
            />
          )}
        </Field>
        {kind === "customer" && (
          <Field control={form.control} name="customer_id" label={t("subWallets.create.customer")}>
            {(f) => (
              <CustomerSelect
                id={f.id}
                value={f.value}
                onBlur={f.onBlur}
                onChange={(v, name) => {
                  f.onChange(v);
                  // The customer's name is a good first name for their wallet.
                  if (!form.getValues("name").trim() && name) form.setValue("name", name, { shouldValidate: form.formState.isSubmitted });
                }}
              />
            )}
          </Field>
        )}
        <Field control={form.control} name="name" label={t("subWallets.create.name")}>
          {(f) => <Input {...f} placeholder={t("subWallets.create.namePlaceholder")} maxLength={100} />}
        </Field>
        <Button type="primary" htmlType="submit" block loading={form.formState.isSubmitting}>
          {t("subWallets.create.title")}
        </Button>
      </Form>
    </Modal>
  );
}

/**
 * The invoice's lines: each a product's copy or a free line (name, description, quantity, unit price
 * in major units) with its own discount and tax, and its total as the server will compute it.
 */
import { useList, useTranslate } from "@refinedev/core";
import { Button, Card, Col, Flex, Input, Row, Typography } from "antd";
import { LaterInputNumber, LaterSelect } from "../../components/form/later-controls.tsx";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useFieldArray, useFormContext, type Path } from "react-hook-form";
import { products, type Product } from "../../../../resources/products.ts";
import { MAX_INVOICE_ITEMS } from "../../../../resources/invoices.ts";
import { Field } from "../../components/form/field.tsx";
import { MoneyField } from "../../components/resource/money-input.tsx";
import { formatMoney } from "../../../lib/money.ts";
import type { ItemTotals } from "../../../lib/invoice-totals.ts";
import { DiscountEditor, TaxEditor } from "./adjustment-editors.tsx";
import { blankItem, type InvoiceValues, type ItemValues } from "./invoice-values.ts";

const item = (i: number, key: string) => `items.${i}.${key}` as Path<InvoiceValues>;
const isUntouched = (i: ItemValues) =>
  !i.product_id && !i.name?.trim() && !i.description?.trim() && (i.unit_price == null || i.unit_price === "") && !i.discount && !i.tax;

export function ItemsEditor({ currency, lines }: { currency: string; lines: ItemTotals[] }) {
  const t = useTranslate();
  const { control, formState, getValues } = useFormContext<InvoiceValues>();
  const { fields, append, remove, update } = useFieldArray({ control, name: "items" });
  const { result, query } = useList<Product>({ resource: products.name, pagination: { pageSize: 100 }, errorNotification: false });
  // A product is priced in one currency: only those of the invoice's can be added as they are.
  const offered = (result.data ?? []).filter((p) => p.currency === currency);
  const full = fields.length >= MAX_INVOICE_ITEMS;
  const addProduct = (id: string) => {
    const p = offered.find((o) => o.id === id);
    if (!p) return;
    const line = { ...blankItem(), product_id: p.id, name: p.name, description: p.description, unit_price: p.unit_price };
    // The form starts with an empty line: a product takes its place rather than leaving it blank above.
    const blank = getValues("items").findIndex(isUntouched);
    if (blank >= 0) update(blank, line);
    else append(line);
  };
  const itemsError = formState.errors.items?.message ?? formState.errors.items?.root?.message;

  return (
    <>
      {fields.map((f, i) => (
        <Card
          key={f.id}
          size="small"
          role="group"
          aria-label={t("invoices.items.item", { n: i + 1 })}
          style={{ marginBottom: 12 }}
          title={t("invoices.items.item", { n: i + 1 })}
          extra={<Button type="text" danger icon={<DeleteOutlined />} aria-label={t("invoices.items.remove", { n: i + 1 })} onClick={() => remove(i)} />}
        >
          <Row gutter={12}>
            <Col xs={24} md={12}>
              <Field control={control} name={item(i, "name")} label={t("invoices.items.name")}>
                {(field) => <Input id={field.id} value={String(field.value ?? "")} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} />}
              </Field>
            </Col>
            <Col xs={12} md={4}>
              <Field control={control} name={item(i, "quantity")} label={t("invoices.items.quantity")}>
                {(field) => (
                  <LaterInputNumber
                    id={field.id}
                    min={1}
                    precision={0}
                    style={{ width: "100%" }}
                    value={field.value as number | null}
                    onChange={(v) => field.onChange(v ?? undefined)}
                    onBlur={field.onBlur}
                  />
                )}
              </Field>
            </Col>
            <Col xs={12} md={8}>
              <MoneyField control={control} name={item(i, "unit_price")} label={t("invoices.items.unitPrice")} currency={currency} />
            </Col>
            <Col xs={24}>
              <Field control={control} name={item(i, "description")} label={t("invoices.items.description")}>
                {(field) => <Input id={field.id} value={String(field.value ?? "")} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} />}
              </Field>
            </Col>
          </Row>
          <DiscountEditor name={`items.${i}.discount`} currency={currency} title={t("invoices.items.discount")} />
          <TaxEditor name={`items.${i}.tax`} currency={currency} title={t("invoices.items.tax")} />
          <Flex justify="end" gap={8}>
            <Typography.Text type="secondary">{t("invoices.items.lineTotal")}</Typography.Text>
            <Typography.Text strong data-testid={`line-total-${i}`}>
              {formatMoney(lines[i]?.total_amount ?? 0n, currency)}
            </Typography.Text>
          </Flex>
        </Card>
      ))}
      {itemsError && (
        <Typography.Text type="danger" role="alert">
          {itemsError}
        </Typography.Text>
      )}
      <Flex gap={8} wrap style={{ marginTop: 8 }}>
        <LaterSelect
          aria-label={t("invoices.items.addProduct")}
          placeholder={currency ? t("invoices.items.addProduct") : t("invoices.items.selectCurrency")}
          style={{ minWidth: 260 }}
          value={null}
          loading={query.isLoading}
          disabled={!currency || full}
          onChange={addProduct}
          options={offered.map((p) => ({ value: p.id, label: `${p.name} (${formatMoney(p.unit_price, p.currency)})` }))}
          notFoundContent={t("invoices.items.noProducts", { currency })}
          showSearch
          optionFilterProp="label"
        />
        <Button icon={<PlusOutlined />} onClick={() => append(blankItem())} disabled={full}>
          {t("invoices.items.addLine")}
        </Button>
      </Flex>
    </>
  );
}

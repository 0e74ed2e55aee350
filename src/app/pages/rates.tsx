/**
 * /rates (SPEC §2 'Fx Rates'): pick a base and a quote currency (default NGN → USD, kept in the URL
 * as ?base=&quote= so a reload or a shared link shows the same pair), see today's rate both ways,
 * its history as a chart and as a paged table. The same currency on both sides is an error (§5)
 * and nothing is fetched for it.
 */
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useTranslate } from "@refinedev/core";
import { Alert, Button, Card, Flex, Form, Skeleton, Typography } from "antd";
import { LaterSelect } from "../components/form/later-controls.tsx";
import { SwapOutlined } from "@ant-design/icons";
import { call } from "../api/call.ts";
import { displayRate, invertRate } from "../../lib/rate-display.ts";
import { formatDay } from "../../lib/dates.ts";
import { RateText } from "../components/money/figures.tsx";
import { DEFAULT_BASE, DEFAULT_QUOTE, FX_FIAT_CURRENCIES, fxRateEndpoints, sameCurrencyIssue, type FxRate } from "../../../resources/fx-rates.ts";
import { sameCurrencyText } from "../i18n/shared-labels.ts";
import { RatesChart } from "../components/fx/rates-chart.tsx";
import { RatesTable } from "../components/fx/rates-table.tsx";
import { PageTitle } from "../components/layout/page-title.tsx";

/** The business's currencies from the server (crypto adds USDT/USDC, §6); null while loading. */
function useCurrencies() {
  const [currencies, setCurrencies] = useState<string[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    call(fxRateEndpoints.currencies)
      .then((r) => setCurrencies(r.data))
      // The four fiat currencies are every business's, so the page still works after the error.
      .catch(() => {
        setFailed(true);
        setCurrencies([...FX_FIAT_CURRENCIES]);
      });
  }, []);
  return { currencies, failed };
}

function CurrentRate({ base, quote }: { base: string; quote: string }) {
  const t = useTranslate();
  const [rate, setRate] = useState<FxRate | null | undefined>(undefined); // null: unavailable
  useEffect(() => {
    setRate(undefined);
    call(fxRateEndpoints.list, { query: { base_currency: base, quote_currency: quote, limit: 1 } })
      .then((r) => setRate(r.data.items[0] ?? null))
      .catch(() => setRate(null));
  }, [base, quote]);
  if (rate === undefined) return <Skeleton active paragraph={{ rows: 1 }} />;
  if (rate === null) return <Typography.Text type="secondary">{t("fx.current.unavailable")}</Typography.Text>;
  return (
    <section aria-label={t("fx.current.label")}>
      {/* The rate keeps to one line (a figure is never broken): on a phone its size gives way instead. */}
      <Typography.Title level={2} style={{ margin: 0, fontSize: "clamp(18px, 6.4vw, 30px)" }}>
        <RateText from={base} to={quote} rate={rate.rate} />
      </Typography.Title>
      <Typography.Text>
        1 {quote} = {displayRate(invertRate(rate.rate))} {base}
      </Typography.Text>
      <br />
      <Typography.Text type="secondary">{t("fx.current.rateOf", { day: formatDay(rate.created_date) })}</Typography.Text>
    </section>
  );
}

export default function RatesPage() {
  const t = useTranslate();
  const [params, setParams] = useSearchParams();
  const { currencies, failed } = useCurrencies();
  // A currency this business may not use (or a typo in the URL) falls back to the default pair.
  const valid = (c: string | null) => !!c && (!currencies || currencies.includes(c));
  const base = valid(params.get("base")) ? params.get("base")! : DEFAULT_BASE;
  const quote = valid(params.get("quote")) ? params.get("quote")! : DEFAULT_QUOTE;
  const choose = (next: { base: string; quote: string }) => setParams(next);
  const same = sameCurrencyIssue({ base_currency: base, quote_currency: quote });
  const options = (currencies ?? [base, quote]).map((c) => ({ value: c, label: c }));

  return (
    <Flex vertical gap={16}>
      <div>
        <PageTitle style={{ margin: 0 }}>{t("fx.title")}</PageTitle>
        <Typography.Text type="secondary">{t("fx.subtitle")}</Typography.Text>
      </div>
      {failed && <Alert type="error" showIcon message={t("fx.currenciesError")} />}
      <Form layout="inline">
        <Form.Item label={t("fx.base")} htmlFor="fx-base">
          <LaterSelect id="fx-base" value={base} options={options} loading={!currencies} onChange={(b) => choose({ base: b, quote })} style={{ width: 120 }} />
        </Form.Item>
        <Button aria-label={t("fx.swap")} icon={<SwapOutlined />} onClick={() => choose({ base: quote, quote: base })} style={{ marginRight: 16 }} />
        <Form.Item label={t("fx.quote")} htmlFor="fx-quote" validateStatus={same ? "error" : undefined}>
          <LaterSelect
            id="fx-quote"
            value={quote}
            options={options}
            loading={!currencies}
            onChange={(q) => choose({ base, quote: q })}
            style={{ width: 120 }}
          />
        </Form.Item>
      </Form>
      {/* Rates wait for the allowed currencies, so a pair the URL carries is checked before it is asked for. */}
      {!currencies ? (
        <Skeleton active />
      ) : same ? (
        <Alert type="error" showIcon message={sameCurrencyText(t, same)} />
      ) : (
        <>
          <Card>
            <CurrentRate base={base} quote={quote} />
          </Card>
          <Card title={t("fx.history")}>
            <RatesChart base={base} quote={quote} />
          </Card>
          <Card title={t("fx.daily")}>
            <RatesTable key={`${base}-${quote}`} base={base} quote={quote} />
          </Card>
        </>
      )}
    </Flex>
  );
}

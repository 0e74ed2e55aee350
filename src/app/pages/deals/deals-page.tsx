/**
 * /deals (SPEC §2 Deals, §5 Deal search, §9): a search banner, a grid of deal cards 12 a page with
 * pagination, and the deal modal. The search asks the server only from 4 characters, 500 ms after
 * typing stops, and an emptied box shows every deal again.
 */
import { Suspense, useEffect, useState } from "react";
import { useTranslate } from "@refinedev/core";
import { Alert, Button, Card, Col, Empty, Flex, Input, Pagination, Row, Skeleton, Tag, Typography, theme } from "antd";
import { SearchOutlined } from "@ant-design/icons";
import { DEAL_SEARCH_MIN_LENGTH, DEALS_PAGE_SIZE, type Deal } from "../../../../resources/deals.ts";
import { useDealSearch, useDeals } from "./use-deals.ts";
import { DealLogo, DealStateTag } from "./deal-parts.tsx";
import { PageTitle } from "../../components/layout/page-title.tsx";
import { lazyNamed, prefetchWhenIdle } from "../../lib/lazy.ts";

// The deal's dialog (its questions' form, the redeem steps) opens on a click: not in the page's first download.
const loadDealModal = () => import("./deal-modal.tsx");
const DealModal = lazyNamed(loadDealModal, "DealModal");

/**
 * The whole card answers a click; the keyboard and assistive technology get one button, the deal's
 * name (a card-wide button named by its name alone failed WCAG 2.5.3, label in name).
 */
function DealCard({ deal, onOpen }: { deal: Deal; onOpen: () => void }) {
  const { token } = theme.useToken();
  return (
    <Card hoverable onClick={onOpen} style={{ height: "100%", cursor: "pointer" }}>
      <Flex vertical gap={12}>
        <Flex gap={12} align="center">
          <DealLogo deal={deal} />
          <div style={{ minWidth: 0 }}>
            <Button
              type="link"
              onClick={(e) => {
                e.stopPropagation();
                onOpen();
              }}
              style={{ display: "block", maxWidth: "100%", height: "auto", padding: 0, color: token.colorText, fontWeight: 600, textAlign: "start" }}
            >
              <Typography.Text strong ellipsis>
                {deal.name}
              </Typography.Text>
            </Button>
            <Tag style={{ marginTop: 4 }}>{deal.category}</Tag>
          </div>
        </Flex>
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
          {deal.description}
        </Typography.Paragraph>
        <div>
          <DealStateTag state={deal.business_deal_state} />
        </div>
      </Flex>
    </Card>
  );
}

function SearchBanner({ text, onChange }: { text: string; onChange: (text: string) => void }) {
  const t = useTranslate();
  const { token } = theme.useToken();
  return (
    <Card style={{ background: `linear-gradient(120deg, ${token.colorPrimaryBg} 0%, ${token.purple1} 100%)` }}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t("deals.page.bannerTitle")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("deals.page.bannerText")}</Typography.Paragraph>
      <Input
        allowClear
        size="large"
        prefix={<SearchOutlined />}
        placeholder={t("deals.page.search")}
        aria-label={t("deals.page.search")}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        style={{ maxWidth: 480 }}
      />
      <Typography.Text type="secondary" style={{ display: "block", marginTop: 4, fontSize: 12 }}>
        {t("deals.page.minLength", { min: DEAL_SEARCH_MIN_LENGTH })}
      </Typography.Text>
    </Card>
  );
}

export default function DealsPage() {
  const t = useTranslate();
  const search = useDealSearch();
  // The page belongs to the filter it was chosen under: a new search starts at page 1.
  const [paging, setPaging] = useState({ name: "", page: 1 });
  const page = paging.name === search.name ? paging.page : 1;
  const [reload, setReload] = useState(0);
  const { data, loading, failed } = useDeals(search.name, page, reload);
  const [openId, setOpenId] = useState<string | null>(null);
  useEffect(() => prefetchWhenIdle(loadDealModal), []);

  return (
    <Flex vertical gap={16}>
      <div>
        <PageTitle style={{ margin: 0 }}>{t("deals.page.title")}</PageTitle>
        <Typography.Text type="secondary">{t("deals.page.subtitle")}</Typography.Text>
      </div>
      <SearchBanner text={search.text} onChange={search.setText} />
      {failed ? (
        <Alert type="error" showIcon message={t("deals.fetchError")} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : data.items.length === 0 ? (
        <Empty description={search.name ? t("deals.page.noMatch") : t("deals.page.none")} />
      ) : (
        <section aria-label={t("deals.page.title")} aria-busy={loading} style={{ opacity: loading ? 0.6 : 1 }}>
          <Row gutter={[16, 16]}>
            {data.items.map((deal) => (
              <Col key={deal.id} xs={24} sm={12} lg={8} xl={6}>
                <DealCard deal={deal} onOpen={() => setOpenId(deal.id)} />
              </Col>
            ))}
          </Row>
        </section>
      )}
      {data && data.total_items > 0 && (
        <Flex justify="end">
          <Pagination
            current={page}
            pageSize={DEALS_PAGE_SIZE}
            total={data.total_items}
            showSizeChanger={false}
            onChange={(p) => setPaging({ name: search.name, page: p })}
          />
        </Flex>
      )}
      {openId && (
        <Suspense fallback={null}>
          <DealModal key={openId} dealId={openId} onClose={() => setOpenId(null)} onChanged={() => setReload((n) => n + 1)} />
        </Suspense>
      )}
    </Flex>
  );
}

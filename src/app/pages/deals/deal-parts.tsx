/** Pieces shared by the deal cards and the deal modal: logo, state tag, benefits. */
import { useTranslate } from "@refinedev/core";
import { Avatar, Flex, Tag, Typography } from "antd";
import { splitBenefit, type Deal, type DealState } from "../../../../resources/deals.ts";

export function DealLogo({ deal, size = 48 }: { deal: Deal; size?: number }) {
  const t = useTranslate();
  if (deal.logo_url)
    return <img src={deal.logo_url} alt={t("deals.logo", { name: deal.name })} width={size} height={size} style={{ borderRadius: 10, flex: "none" }} />;
  // No logo from the partner: its initials, so every card still has a mark.
  const initials = deal.name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? "")
    .join("");
  return (
    <Avatar shape="square" size={size} style={{ background: "#595959", color: "#fff", flex: "none" }} aria-label={t("deals.logo", { name: deal.name })}>
      {initials}
    </Avatar>
  );
}

export function DealStateTag({ state }: { state: DealState }) {
  const t = useTranslate();
  const tags: Partial<Record<DealState, { color: string; label: string }>> = {
    REDEEMED: { color: "green", label: t("deals.state.redeemed") },
    APPLICATION_PENDING: { color: "gold", label: t("deals.state.underReview") },
    NOT_ELIGIBLE: { color: "default", label: t("deals.state.notEligible") },
  };
  const tag = tags[state];
  return tag ? <Tag color={tag.color}>{tag.label}</Tag> : null;
}

/** SPEC §3: a benefit 'title:description' shows as its title over its text. */
export function DealBenefits({ benefits }: { benefits: string[] }) {
  const t = useTranslate();
  if (!benefits.length) return null;
  return (
    <section aria-label={t("deals.benefits")}>
      <Typography.Title level={5}>{t("deals.benefits")}</Typography.Title>
      <Flex vertical gap={8} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {benefits.map((b, i) => {
          const { title, description } = splitBenefit(b);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the deal's own list of benefits, never reordered
            <li key={i}>
              {title && (
                <Typography.Text strong style={{ display: "block" }}>
                  {title}
                </Typography.Text>
              )}
              <Typography.Text type={title ? "secondary" : undefined}>{description}</Typography.Text>
            </li>
          );
        })}
      </Flex>
    </section>
  );
}

/**
 * A list's summary tiles (ResourceDef.summary): one GET of the declared endpoint, a figure per tile.
 * The query sits under the list's key, so whatever refreshes the list (create, an action, an edit)
 * refreshes the tiles too. The figures come after the list's first paint (LaterStatistic): the
 * tiles and their query start at once.
 */
import { keys, useCustom } from "@refinedev/core";
import { Card, Col, Row } from "antd";
import type { ResourceDef, Summary } from "../../../../resources/define-resource.ts";
import { pathGet } from "../../../../resources/define-resource.ts";
import { useDeclared } from "./use-declared.ts";
import { LaterStatistic } from "./later-statistic.tsx";

export const summaryQueryKey = (resource: string, summary: Summary) =>
  keys().data("default").resource(resource).action("list").params({ summary: summary.endpoint.path }).get();

export function SummaryTiles({ def }: { def: ResourceDef }) {
  const summary = useDeclared(def).summary!;
  const { query, result } = useCustom<Record<string, unknown>>({
    url: summary.endpoint.path,
    method: "get",
    errorNotification: false,
    queryOptions: { queryKey: summaryQueryKey(def.name, summary) },
  });
  const data = result?.data;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {summary.tiles.map((t) => {
        const value = pathGet(data, t.field);
        return (
          <Col key={t.field} xs={24} sm={12} md={24 / Math.min(summary.tiles.length, 4)}>
            <Card role="group" aria-label={t.label} size="small">
              <LaterStatistic
                title={t.label}
                loading={query.isLoading}
                value={query.isError || value === undefined ? "—" : Number(value)}
                valueStyle={t.color ? { color: t.color } : undefined}
              />
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

/** The generic details page: back, title, declared fields as label pairs, edit and actions. */
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { useOne, useTranslate } from "@refinedev/core";
import { Button, Card, Descriptions, Flex, Skeleton, Typography } from "antd";
import { ArrowLeftOutlined, EditOutlined } from "@ant-design/icons";
import type { ResourceDef } from "../../../../resources/define-resource.ts";
import { editableInState, whenHolds } from "../../../../resources/define-resource.ts";
import { renderField } from "./renderers.tsx";
import { RecordActions } from "./record-actions.tsx";
import { RecordEditor } from "./record-editor.tsx";
import { useResourceAccess } from "./use-resource-access.ts";
import { PageTitle } from "../layout/page-title.tsx";
import { useDeclared } from "./use-declared.ts";
import { RecordNotRead } from "./record-not-read.tsx";

export function ResourceShow({ def: declared }: { def: ResourceDef }) {
  // The detail labels and the actions in the member's language.
  const def = useDeclared(declared);
  const t = useTranslate();
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const { canEdit } = useResourceAccess(def);
  const [editing, setEditing] = useState(false);
  const { query, result } = useOne<Record<string, unknown> & { id: string; state?: string }>({
    resource: def.name,
    id,
    errorNotification: false,
  });

  const back = (
    <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(def.routes.list)}>
      {t("common.back")}
    </Button>
  );
  if (query.isLoading)
    return (
      <Card>
        {back}
        <Skeleton active />
      </Card>
    );
  if (query.isError || !result)
    return (
      <Card>
        {back}
        <RecordNotRead error={query.error} />
      </Card>
    );

  // Edit is a page when the resource has an edit route, else a modal (e.g. the crypto edit modal, or
  // the resource's bespoke edit modal).
  const edit = () => (def.routes.edit ? navigate(def.routes.edit.replace(":id", result.id)) : setEditing(true));
  return (
    <>
      {back}
      <Card style={{ marginTop: 12 }}>
        <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
          {/* In a dialog over its list, the list's title stays the page's one h1. */}
          {def.showAs === "modal" ? (
            <Typography.Title level={3} style={{ margin: 0 }}>
              {def.recordTitle(result)}
            </Typography.Title>
          ) : (
            <PageTitle style={{ margin: 0 }}>{def.recordTitle(result)}</PageTitle>
          )}
          <Flex gap={8}>
            {canEdit && editableInState(def, result) && (
              <Button icon={<EditOutlined />} onClick={edit}>
                {t("common.edit")}
              </Button>
            )}
            <RecordActions def={def} record={result} />
          </Flex>
        </Flex>
        <Descriptions column={1} bordered size="middle">
          {(def.detail ?? [])
            .filter((d) => whenHolds(d.when, result))
            .map((d) => (
              <Descriptions.Item key={d.field} label={d.label}>
                {renderField(d, result)}
              </Descriptions.Item>
            ))}
        </Descriptions>
      </Card>
      {canEdit && !def.routes.edit && <RecordEditor def={def} open={editing} record={result} onClose={() => setEditing(false)} />}
    </>
  );
}

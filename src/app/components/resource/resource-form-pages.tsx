/**
 * The routed create and edit pages generated for every standalone resource: the form is their
 * content, so it is imported here directly, while list and details pages (resource-list-page.tsx,
 * resource-show-page.tsx), where it opens on demand, do not carry it in their first download.
 */
import { useNavigate, useParams } from "react-router";
import { useOne, useTranslate } from "@refinedev/core";
import { Button, Card, Skeleton } from "antd";
import { ArrowLeftOutlined } from "@ant-design/icons";
import type { ResourceDef } from "../../../../resources/define-resource.ts";
import { RecordNotRead } from "./record-not-read.tsx";
import { ResourceForm } from "./resource-form.tsx";
import { useScreens } from "./screens.tsx";
import { PageTitle } from "../layout/page-title.tsx";
import { useDeclared } from "./use-declared.ts";

function FormPage({ title, children }: { title: string; children: React.ReactNode }) {
  const navigate = useNavigate();
  const t = useTranslate();
  return (
    <>
      <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
        {t("common.back")}
      </Button>
      <Card style={{ marginTop: 12, maxWidth: 640 }}>
        <PageTitle style={{ marginTop: 0 }}>{title}</PageTitle>
        {children}
      </Card>
    </>
  );
}

export function ResourceCreatePage({ def: declared }: { def: ResourceDef }) {
  const navigate = useNavigate();
  const t = useTranslate();
  const def = useDeclared(declared);
  const Custom = useScreens().createPages[def.createOpens === "page" && def.createComponent ? def.createComponent : ""];
  if (Custom) return <Custom />;
  return (
    <FormPage title={def.createLabel ?? t("common.create")}>
      <ResourceForm
        def={def}
        mode="create"
        onDone={(saved) => navigate(saved && def.routes.show ? def.routes.show.replace(":id", saved.id) : def.routes.list)}
      />
    </FormPage>
  );
}

export function ResourceEditPage({ def }: { def: ResourceDef }) {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const t = useTranslate();
  const { result, query } = useOne<Record<string, unknown> & { id: string }>({ resource: def.name, id, errorNotification: false });
  // A record that cannot be read (an unknown id) says so, as its details page does, instead of loading for ever.
  return (
    <FormPage title={result ? t("resource.edit.titleOf", { record: def.recordTitle(result) }) : t("common.edit")}>
      {query.isLoading ? (
        <Skeleton active />
      ) : !result ? (
        <RecordNotRead error={query.error} />
      ) : (
        <ResourceForm def={def} mode="edit" record={result} onDone={() => navigate(def.routes.show ? def.routes.show.replace(":id", id) : def.routes.list)} />
      )}
    </FormPage>
  );
}

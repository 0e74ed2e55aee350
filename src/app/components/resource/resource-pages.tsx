/** The routed screens generated for every standalone resource: list, show, create, edit. */
import { useNavigate, useParams } from "react-router";
import { useOne, useTranslate } from "@refinedev/core";
import { Button, Card, Modal, Skeleton } from "antd";
import { ArrowLeftOutlined } from "@ant-design/icons";
import type { ResourceDef } from "../../../../resources/define-resource.ts";
import { ResourceList } from "./resource-list.tsx";
import { RecordNotRead, ResourceShow } from "./resource-show.tsx";
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

export function ResourceListPage({ def }: { def: ResourceDef }) {
  const Custom = useScreens().list[def.listComponent ?? ""];
  return Custom ? <Custom /> : <ResourceList def={def as ResourceDef<{ id: string }>} />;
}
export function ResourceShowPage({ def: declared }: { def: ResourceDef }) {
  const def = useDeclared(declared);
  const Custom = useScreens().show[def.showComponent ?? ""];
  const navigate = useNavigate();
  const details = Custom ? <Custom /> : <ResourceShow def={def} />;
  if (def.showAs !== "modal") return details;
  // The list stays underneath with its filters; closing returns to it as it was.
  return (
    <>
      <ResourceList def={def as ResourceDef<{ id: string }>} />
      <Modal open title={def.showTitle} footer={null} width={760} onCancel={() => navigate(def.routes.list + window.location.search)} destroyOnClose>
        {details}
      </Modal>
    </>
  );
}

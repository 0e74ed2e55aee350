/** The routed screens generated for every standalone resource: list and show (create and edit: resource-form-pages.tsx). */
import { useNavigate } from "react-router";
import { Modal } from "antd";
import type { ResourceDef } from "../../../../resources/define-resource.ts";
import { ResourceList } from "./resource-list.tsx";
import { ResourceShow } from "./resource-show.tsx";
import { useScreens } from "./screens.tsx";
import { useDeclared } from "./use-declared.ts";

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

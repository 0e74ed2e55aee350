/**
 * The routed details screen generated for every standalone resource with a details route. A module
 * of its own so that a list's route does not fetch the details' code (Descriptions, the actions).
 * Details shown over their list open first: the list beneath (its table and filters) follows them.
 */
import { Suspense } from "react";
import { useNavigate } from "react-router";
import { Modal } from "antd";
import type { ResourceDef } from "../../../../resources/define-resource.ts";
import { ResourceShow } from "./resource-show.tsx";
import { useScreens } from "./screens.tsx";
import { useDeclared } from "./use-declared.ts";
import { lazyNamed } from "../../lib/lazy.ts";

const ResourceList = lazyNamed(() => import("./resource-list.tsx"), "ResourceList");

export function ResourceShowPage({ def: declared }: { def: ResourceDef }) {
  const def = useDeclared(declared);
  const Custom = useScreens().show[def.showComponent ?? ""];
  const navigate = useNavigate();
  const details = Custom ? <Custom /> : <ResourceShow def={def} />;
  if (def.showAs !== "modal") return details;
  // The list stays underneath with its filters; closing returns to it as it was.
  return (
    <>
      <Suspense fallback={null}>
        <ResourceList def={def as ResourceDef<{ id: string }>} />
      </Suspense>
      <Modal open title={def.showTitle} footer={null} width={760} onCancel={() => navigate(def.routes.list + window.location.search)} destroyOnClose>
        {details}
      </Modal>
    </>
  );
}

/** The routed list screen generated for every standalone resource (details: resource-show-page.tsx; create and edit: resource-form-pages.tsx). */
import type { ResourceDef } from "../../../../resources/define-resource.ts";
import { ResourceList } from "./resource-list.tsx";
import { useScreens } from "./screens.tsx";

export function ResourceListPage({ def }: { def: ResourceDef }) {
  const Custom = useScreens().list[def.listComponent ?? ""];
  return Custom ? <Custom /> : <ResourceList def={def as ResourceDef<{ id: string }>} />;
}

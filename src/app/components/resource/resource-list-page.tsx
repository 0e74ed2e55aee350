/**
 * The routed list screen of every standalone resource: the resource's bespoke list when it names
 * one, else the generic list. Apart from the other generated screens (resource-pages.tsx), so a
 * list route ships only what a list shows.
 */
import type { ResourceDef } from "../../../../resources/define-resource.ts";
import { ResourceList } from "./resource-list.tsx";
import { useScreens } from "./screens.tsx";

export function ResourceListPage({ def }: { def: ResourceDef }) {
  const Custom = useScreens().list[def.listComponent ?? ""];
  return Custom ? <Custom /> : <ResourceList def={def as ResourceDef<{ id: string }>} />;
}

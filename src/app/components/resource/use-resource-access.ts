/** What the signed-in member may do with a resource, from the same policy the server enforces. */
import type { ResourceDef } from "../../../../resources/define-resource.ts";
import { useSession } from "../../session/session.tsx";

export function useResourceAccess(def: ResourceDef) {
  const { can, session } = useSession();
  return {
    canCreate: !!(def.create || def.createComponent) && can(def.access.obj, "create"),
    canEdit: (!!def.editComponent || (!!(def.update ?? def.create) && !!def.api.update)) && can(def.access.obj, "edit"),
    can,
    features: session?.features ?? [],
  };
}

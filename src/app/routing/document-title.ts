/**
 * Each page's document title (issue 30, WCAG 2.4.2): "Transactions · Stablebank", from the resource
 * the route belongs to (its declared label, which the menu may shorten), with what the page does to
 * it; pages outside the resources are the product's name alone. With `t`, in the member's language:
 * the label through its declared key (resources.<name>.label), the doing through resource.documentTitle.
 */
import type { Action, IResourceItem } from "@refinedev/core";
import { catalogByName } from "../../../resources/catalog.ts";
import { declaredKey } from "../components/resource/declared-text.ts";

export const PRODUCT = "Stablebank";
type Translate = (key: string, options?: unknown, defaultMessage?: string) => string;
const english: Translate = (_key, _options, text) => text ?? "";

export function documentTitle({ resource, action }: { resource?: IResourceItem; action?: Action }, t: Translate = english) {
  if (!resource) return PRODUCT;
  const def = catalogByName(resource.name);
  const label = def ? t(declaredKey(def.name, "label"), {}, def.label) : String(resource.meta?.label ?? resource.name);
  const DOING: Partial<Record<Action, string>> = {
    create: t("resource.documentTitle.create", {}, "New"),
    edit: t("resource.documentTitle.edit", {}, "Edit"),
    show: t("resource.documentTitle.show", {}, "Details"),
  };
  const doing = action ? DOING[action] : undefined;
  return [doing, label, PRODUCT].filter(Boolean).join(" · ");
}

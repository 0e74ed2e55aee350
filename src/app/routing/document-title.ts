/**
 * Each page's document title (issue 30, WCAG 2.4.2): "Transactions · Stablebank", from the resource
 * the route belongs to (its declared label, which the menu may shorten), with what the page does to
 * it; pages outside the resources are the product's name alone.
 */
import type { Action, IResourceItem } from "@refinedev/core";
import { resourceByName } from "../../../resources/index.ts";

export const PRODUCT = "Stablebank";
const DOING: Partial<Record<Action, string>> = { create: "New", edit: "Edit", show: "Details" };

export function documentTitle({ resource, action }: { resource?: IResourceItem; action?: Action }) {
  if (!resource) return PRODUCT;
  const label = resourceByName(resource.name)?.label ?? String(resource.meta?.label ?? resource.name);
  const doing = action ? DOING[action] : undefined;
  return [doing, label, PRODUCT].filter(Boolean).join(" · ");
}

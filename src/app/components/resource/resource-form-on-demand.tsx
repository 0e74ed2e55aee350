/**
 * The generic form where it opens on demand: a list's Create drawer, an Edit modal. It (with
 * react-hook-form, antd's Form and the inputs) is not part of a list's or a details page's first
 * download; it is fetched when the browser is idle after the page loads. The create and edit pages,
 * whose content it is, import it directly (resource-form-pages.tsx), so they never wait for it twice.
 */
import { Suspense, type ComponentProps } from "react";
import { Skeleton } from "antd";
import { lazyNamed } from "../../lib/lazy.ts";

export const loadResourceForm = () => import("./resource-form.tsx");
const ResourceForm = lazyNamed(loadResourceForm, "ResourceForm");

export function ResourceFormOnDemand(props: ComponentProps<typeof ResourceForm>) {
  return (
    <Suspense fallback={<Skeleton active />}>
      <ResourceForm {...props} />
    </Suspense>
  );
}

/**
 * antd's Select for a page whose choice is not the first thing used (which master account a list
 * shows, the pair of the rates page): its code (about 23 kB gzip) loads after the page's first paint.
 * Until then a disabled box of its width shows what is chosen, under the same name, so nothing moves
 * and nothing typed can be lost.
 */
import { Suspense } from "react";
import { Input, type SelectProps } from "antd";
import { lazyNamed } from "../../lib/lazy.ts";

const Select = lazyNamed(() => import("./antd-select.ts"), "Select");

type Option = { value: string; label: string };

export function LaterSelect<O extends Option = Option>(props: SelectProps<string, O>) {
  const chosen = props.options?.find((o) => o.value === props.value)?.label;
  const stand = (
    <Input
      disabled
      id={props.id}
      aria-label={props["aria-label"]}
      value={chosen ?? ""}
      placeholder={typeof props.placeholder === "string" ? props.placeholder : undefined}
      style={props.style}
    />
  );
  return (
    <Suspense fallback={stand}>
      <Select<string, O> {...props} />
    </Suspense>
  );
}

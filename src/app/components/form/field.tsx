/** A react-hook-form field in an antd Form.Item: label above, the schema's message below. */
import type { ReactElement } from "react";
import { Form } from "antd";
import { Controller, type Control, type ControllerRenderProps, type FieldValues, type Path, type UseFormSetError } from "react-hook-form";

type Props<T extends FieldValues, N extends Path<T>> = {
  control: Control<T>;
  name: N;
  label?: string;
  extra?: React.ReactNode;
  children: (field: ControllerRenderProps<T, N> & { id: string }) => ReactElement;
};

export function Field<T extends FieldValues, N extends Path<T>>({ control, name, label, extra, children }: Props<T, N>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Form.Item
          label={label}
          htmlFor={`field-${name}`}
          validateStatus={fieldState.error ? "error" : undefined}
          help={fieldState.error?.message}
          extra={extra}
        >
          {children({ ...field, id: `field-${name}` })}
        </Form.Item>
      )}
    />
  );
}

/** Puts server field errors ({path, message}) under the matching fields. */
export function applyServerErrors<T extends FieldValues>(errors: { path: string; message: string }[] | undefined, setError: UseFormSetError<T>) {
  for (const e of errors ?? []) if (e.path) setError(e.path as Path<T>, { message: e.message });
}

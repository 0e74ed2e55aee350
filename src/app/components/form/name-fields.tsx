/** First and last name side by side, for any form whose values have both. */
import { useTranslate } from "@refinedev/core";
import { Col, Input, Row } from "antd";
import type { Control } from "react-hook-form";
import { Field } from "./field.tsx";

type Names = { first_name: string; last_name: string };

export function NameFields<T extends Names>({ control }: { control: Control<T> }) {
  const c = control as unknown as Control<Names>;
  const t = useTranslate();
  return (
    <Row gutter={12}>
      <Col span={12}>
        <Field control={c} name="first_name" label={t("common.firstName")}>
          {(f) => <Input {...f} autoComplete="given-name" />}
        </Field>
      </Col>
      <Col span={12}>
        <Field control={c} name="last_name" label={t("common.lastName")}>
          {(f) => <Input {...f} autoComplete="family-name" />}
        </Field>
      </Col>
    </Row>
  );
}

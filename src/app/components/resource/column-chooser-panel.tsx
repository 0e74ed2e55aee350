/**
 * The column chooser's content (loaded on first open): each column with a checkbox to show or hide
 * it and buttons to move a shown one up or down (reachable by keyboard, unlike drag and drop), and
 * Reset back to the declared columns.
 */
import { useTranslate } from "@refinedev/core";
import { Button, Checkbox, Flex, Typography } from "antd";
import { ArrowDownOutlined, ArrowUpOutlined } from "@ant-design/icons";

export type ChoosableColumn = { field: string; title: string };

type Props = {
  columns: ChoosableColumn[];
  /** The fields shown, in order. */
  shown: string[];
  onChange: (shown: string[]) => void;
  onReset: () => void;
};

const moved = (list: string[], from: number, to: number) => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
};

export function ColumnChooserPanel({ columns, shown, onChange, onReset }: Props) {
  const t = useTranslate();
  const titleOf = (field: string) => columns.find((c) => c.field === field)?.title ?? field;
  const hidden = columns.filter((c) => !shown.includes(c.field)).map((c) => c.field);
  return (
    <Flex vertical gap={4} style={{ minWidth: 240 }}>
      <ul aria-label={t("resource.columns.title")} style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {[...shown, ...hidden].map((field, i) => {
          const visible = i < shown.length;
          const title = titleOf(field);
          return (
            <li key={field}>
              <Flex justify="space-between" align="center" gap={8}>
                <Checkbox
                  checked={visible}
                  // The table keeps at least one column of its own.
                  disabled={visible && shown.length === 1}
                  onChange={(e) => onChange(e.target.checked ? [...shown, field] : shown.filter((f) => f !== field))}
                >
                  {title}
                </Checkbox>
                {visible && (
                  <span>
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowUpOutlined />}
                      aria-label={t("resource.columns.moveUp", { title })}
                      disabled={i === 0}
                      onClick={() => onChange(moved(shown, i, i - 1))}
                    />
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowDownOutlined />}
                      aria-label={t("resource.columns.moveDown", { title })}
                      disabled={i === shown.length - 1}
                      onClick={() => onChange(moved(shown, i, i + 1))}
                    />
                  </span>
                )}
              </Flex>
            </li>
          );
        })}
      </ul>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t("resource.columns.actionsStay")}
      </Typography.Text>
      <Button size="small" onClick={onReset}>
        {t("resource.columns.reset")}
      </Button>
    </Flex>
  );
}

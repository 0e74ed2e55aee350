/**
 * The generic list's table: antd's Table with the columns the declaration gives. A file of its own,
 * loaded beside the list's data rather than before the list's frame (title, filters, tabs) shows:
 * the table and what it brings (rc-table, the filter tree, checkbox, radio, pagination) with the
 * cells' renderers are ~70 kB gzip. resource-list.tsx starts the download as soon as it runs.
 */
import type { CrudSort } from "@refinedev/core";
import { Table, type TableProps } from "antd";
import type { ResourceDef } from "../../../../resources/define-resource.ts";
import { useListColumns } from "./list-columns.tsx";

type Props<Row extends { id: string }> = Omit<TableProps<Row>, "columns"> & {
  def: ResourceDef<Row>;
  /** Given when the member may edit: a row's Edit opens the record's editor. */
  editRow?: (r: Row) => void;
  sorters: CrudSort[];
  /** The columns chosen, by field, in order; null: as declared. */
  shown: string[] | null;
};

export function ListTable<Row extends { id: string }>({ def, editRow, sorters, shown, ...table }: Props<Row>) {
  const columns = useListColumns(def, editRow, { sorters, shown });
  return <Table<Row> {...table} columns={columns} />;
}

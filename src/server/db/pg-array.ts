/**
 * A PostgreSQL array literal, sent as one text parameter and cast in SQL (`${pgArray(ids)}::uuid[]`).
 * Batches name their rows this way rather than through jsonb_to_recordset: the planner knows an
 * array's length and looks rows up by their index, where for a JSON document it assumed 100 rows
 * and read the whole table (8 ms instead of 0.5 ms to lock 32 of 10,000 accounts).
 */
export function pgArray(values: readonly (string | number | bigint)[]): string {
  // Every element quoted, with " and \ escaped: no value can be read as NULL or split the list.
  return `{${values.map((v) => `"${String(v).replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
}

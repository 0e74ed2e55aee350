/** antd's Select for the list filters, in a file of its own so it loads after the list's frame (filter-bar.tsx). */
export { Select as FilterSelect } from "antd";

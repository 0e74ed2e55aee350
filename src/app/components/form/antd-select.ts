/** antd's Select on its own, for LaterSelect to load after a page's first paint (later-select.tsx). */
export { Select } from "antd";

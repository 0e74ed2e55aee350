/** antd's Select on its own, for LaterSelect to load after a page's first paint (later-controls.tsx). */
export { Select } from "antd";

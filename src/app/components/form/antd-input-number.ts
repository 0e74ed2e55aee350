/** antd's InputNumber on its own, for LaterInputNumber to load after a page's first paint (later-controls.tsx). */
export { InputNumber } from "antd";

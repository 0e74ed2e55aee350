/** antd's DatePicker on its own, for LaterDatePicker to load after a page's first paint (later-controls.tsx). */
export { DatePicker } from "antd";

/** antd's Upload on its own, for LaterUpload to load after a page's first paint (later-controls.tsx). */
export { Upload } from "antd";

/** antd's Modal on its own, for LaterModal to load when a dialog first opens (later-modal.tsx). */
export { Modal } from "antd";

/** antd's Result on its own, for a flow's last step to load when it is reached. */
export { Result } from "antd";

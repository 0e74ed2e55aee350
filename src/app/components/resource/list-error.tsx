/** antd's Alert for a list whose read failed, loaded only then (resource-list.tsx). */
export { Alert as ListError } from "antd";

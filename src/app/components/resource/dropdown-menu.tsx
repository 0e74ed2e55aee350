/** antd's Dropdown in a file of its own, loaded by lazy-dropdown.tsx. */
export { Dropdown as DropdownMenu } from "antd";

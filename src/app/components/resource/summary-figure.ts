/** antd's Statistic on its own, for the summary tiles to load after the list's first paint (summary-tiles.tsx). */
export { Statistic } from "antd";

/**
 * antd's styles for the console's first pages, rendered at build time, printed as one CSS file
 * (vite.config.ts `antdStaticStyle` emits and links it). antd 5 writes its styles in the browser: each
 * component, the first time it renders, turns the theme's tokens into CSS (@ant-design/cssinjs, with
 * stylis and a hash) and inserts a <style>, about a quarter of the dashboard's main-thread time in a profile
 * (bench/lib/page-profile.ts). The file carries cssinjs's own map of what it holds (the
 * `data-ant-cssinjs-cache-path` rule), which cssinjs reads on the first render: a component whose
 * style is in the file (same theme, same component, same antd) writes nothing, and any other (dark
 * mode, reduced motion, a component not sampled here) is written in the browser as before.
 *   NODE_ENV=production node --import tsx scripts/antd-static-style.tsx > antd.css
 * NODE_ENV must be production: antd names its classes differently in development.
 */
import { createCache, extractStyle, StyleProvider } from "@ant-design/cssinjs";
import { CheckOutlined } from "@ant-design/icons";
import {
  Alert,
  Avatar,
  Button,
  Card,
  Checkbox,
  Col,
  ConfigProvider,
  DatePicker,
  Descriptions,
  Divider,
  Dropdown,
  Empty,
  Flex,
  Form,
  Input,
  Layout,
  Menu,
  Modal,
  Pagination,
  Popover,
  Radio,
  Row,
  Select,
  Skeleton,
  Space,
  Spin,
  Switch,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from "antd";
import { renderToString } from "react-dom/server";
import { themeOf } from "../src/app/theme/antd-theme.ts";

if (process.env.NODE_ENV !== "production") throw new Error("NODE_ENV=production is required: antd's class names differ in development");

/**
 * One of each component the sign-in page, the signed-in frame, the dashboard and the lists render
 * (the <style>s antd wrote on those pages, counted in the browser), in the forms that register a
 * style of their own (Space.Compact, a preset Tag colour, a Sider). A component left out still works:
 * the browser writes its style as it did before.
 */
const samples = (
  <>
    <Layout>
      <Layout.Sider />
      <Layout.Header />
      <Layout.Content />
    </Layout>
    <Menu
      items={[
        { key: "a", label: "a", icon: <CheckOutlined /> },
        { key: "b", label: "b", children: [{ key: "c", label: "c" }] },
      ]}
    />
    <Button>a</Button>
    <Typography.Title>a</Typography.Title>
    <Typography.Text>a</Typography.Text>
    <Typography.Link>a</Typography.Link>
    <Flex />
    <Space />
    <Space.Compact />
    <Card title="a">a</Card>
    <Alert message="a" />
    <Tag color="blue">a</Tag>
    <Row>
      <Col />
    </Row>
    <Form>
      <Form.Item label="a">
        <Input />
      </Form.Item>
    </Form>
    <Input.Password />
    <Spin />
    <Switch />
    <Avatar />
    <Dropdown menu={{ items: [] }}>
      <span />
    </Dropdown>
    <Tooltip title="a">
      <span />
    </Tooltip>
    <Popover content="a">
      <span />
    </Popover>
    <Skeleton />
    <Modal open={false} />
    <Empty />
    <Table columns={[{ title: "a", dataIndex: "a" }]} dataSource={[{ key: 1, a: 1 }]} />
    <Pagination total={50} />
    <Tabs items={[{ key: "a", label: "a" }]} />
    <Select />
    <DatePicker />
    <DatePicker.RangePicker />
    <Checkbox />
    <Radio />
    <Divider />
    <Descriptions items={[{ key: "a", label: "a", children: "a" }]} />
  </>
);

const cache = createCache();
// The console's light theme with motion, as a first visit without a dark or reduced-motion setting gets it.
renderToString(
  <StyleProvider cache={cache}>
    <ConfigProvider theme={themeOf(true, false)}>{samples}</ConfigProvider>
  </StyleProvider>,
);
process.stdout.write(extractStyle(cache, { plain: true, types: ["style", "token"] }));

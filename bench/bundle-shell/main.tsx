/**
 * The bundle benchmark's baseline: the least a console on the same stack ships — Refine with its
 * router and antd bindings, a data provider, antd's layout, a table and a form — and nothing of ours.
 */
import { createRoot } from "react-dom/client";
import { Refine } from "@refinedev/core";
import { ThemedLayout, useTable, List } from "@refinedev/antd";
import routerProvider from "@refinedev/react-router";
import dataProvider from "@refinedev/simple-rest";
import { BrowserRouter, Route, Routes, Outlet } from "react-router";
import { App as AntdApp, ConfigProvider, Form, Input, Table } from "antd";

function Items() {
  const { tableProps } = useTable({ resource: "items" });
  return (
    <List>
      <Form layout="inline">
        <Form.Item label="Search">
          <Input />
        </Form.Item>
      </Form>
      <Table {...tableProps} rowKey="id" columns={[{ dataIndex: "name", title: "Name" }]} />
    </List>
  );
}

createRoot(document.getElementById("root")!).render(
  <BrowserRouter>
    <ConfigProvider>
      <AntdApp>
        <Refine routerProvider={routerProvider} dataProvider={dataProvider("/api")} resources={[{ name: "items", list: "/" }]}>
          <Routes>
            <Route
              element={
                <ThemedLayout>
                  <Outlet />
                </ThemedLayout>
              }
            >
              <Route index element={<Items />} />
            </Route>
          </Routes>
        </Refine>
      </AntdApp>
    </ConfigProvider>
  </BrowserRouter>,
);

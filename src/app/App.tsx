/** The app: Refine (router, data, auth, access control, notifications) over the route table. */
import { Suspense, useMemo, useRef } from "react";
import { BrowserRouter, Navigate, Outlet, Route, Routes } from "react-router";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { ThemedLayout, useNotificationProvider } from "@refinedev/antd";
import { App as AntdApp, ConfigProvider } from "antd";
import { DashboardOutlined } from "@ant-design/icons";
import "@refinedev/antd/dist/reset.css";
import { SessionProvider, useSession } from "./session/session.tsx";
import { ROUTES } from "./routing/routes.tsx";
import { FullPageSpin, Guarded } from "./routing/guarded.tsx";
import { dataProvider } from "./providers/data-provider.ts";
import { accessControl } from "./providers/access-control.ts";
import { authProvider } from "./providers/auth-provider.ts";
import { AppHeader } from "./components/layout/app-header.tsx";

const theme = { token: { colorPrimary: "#1f6feb", borderRadius: 8 } };

/** Menu entries (Refine resources). Each feature issue adds its own through resources/. */
const MENU = [{ name: "dashboard", list: "/", meta: { label: "Dashboard", icon: <DashboardOutlined /> } }];

function RefineApp() {
  const { session, refresh, can } = useSession();
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const providers = useMemo(
    () => ({ auth: authProvider(() => sessionRef.current, refresh), access: accessControl(can, (name) => MENU.find((m) => m.name === name)) }),
    [refresh, can],
  );
  const layout = (
    <ThemedLayout Header={AppHeader} Title={() => <strong style={{ fontSize: 18 }}>Stablebank</strong>}>
      <Suspense fallback={<FullPageSpin />}>
        <Outlet />
      </Suspense>
    </ThemedLayout>
  );
  return (
    <Refine
      routerProvider={routerProvider}
      dataProvider={dataProvider}
      authProvider={providers.auth}
      accessControlProvider={providers.access}
      notificationProvider={useNotificationProvider}
      resources={MENU}
      options={{ syncWithLocation: true, disableTelemetry: true, warnWhenUnsavedChanges: false }}
    >
      <Routes>
        {ROUTES.filter((r) => r.kind !== "protected").map(({ path, kind, page: Page }) => (
          <Route
            key={path}
            path={path}
            element={
              <Guarded kind={kind} pattern={path}>
                <Suspense fallback={<FullPageSpin />}>
                  <Page />
                </Suspense>
              </Guarded>
            }
          />
        ))}
        <Route element={layout}>
          {ROUTES.filter((r) => r.kind === "protected").map(({ path, kind, page: Page }) => (
            <Route key={path} path={path} element={<Guarded kind={kind} pattern={path}><Page /></Guarded>} />
          ))}
        </Route>
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
    </Refine>
  );
}

export default function App() {
  return (
    <BrowserRouter>
      <ConfigProvider theme={theme}>
        <AntdApp>
          <SessionProvider>
            <RefineApp />
          </SessionProvider>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}

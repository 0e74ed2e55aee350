/** The app: Refine (router, data, auth, access control, notifications) over the route table. */
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { BrowserRouter, Navigate, Route, Routes } from "react-router";
import { Refine } from "@refinedev/core";
import { keepPreviousData, QueryClient } from "@tanstack/react-query";
import routerProvider, { DocumentTitleHandler } from "@refinedev/react-router";
import { useNotificationProvider } from "@refinedev/antd";
import { App as AntdApp, ConfigProvider } from "antd";
import "@refinedev/antd/dist/reset.css";
import { SessionProvider, useSession } from "./session/session.tsx";
import { ROUTES } from "./routing/routes.tsx";
import { FullPageSpin, Guarded } from "./routing/guarded.tsx";
import { dataProvider } from "./providers/data-provider.ts";
import { accessControl } from "./providers/access-control.ts";
import { authProvider } from "./providers/auth-provider.ts";
import { createLiveProvider } from "./providers/live-provider.ts";
import { MENU, routesOf } from "./navigation.tsx";
import { THEME_TOKENS } from "../lib/palette.ts";
import { useReducedMotion } from "./hooks/use-reduced-motion.ts";
import { ScreensProvider } from "./components/resource/screens.tsx";
import { SCREENS } from "./pages/screens.ts";
import { documentTitle } from "./routing/document-title.ts";

const ConsoleLayout = lazy(() => import("./components/layout/console-layout.tsx"));

const themeOf = (motion: boolean) => ({ token: { ...THEME_TOKENS, motion } });

/** A 4xx will not change on retry; a server error gets one more try before the error state shows. */
const retry = (failures: number, error: unknown) => ((error as { statusCode?: number })?.statusCode ?? 500) >= 500 && failures < 1;
/** Refine's own query defaults (previous data kept while a new page loads) with ours. */
const queryDefaults = { defaultOptions: { queries: { placeholderData: keepPreviousData, retry, refetchOnWindowFocus: false } } };

/**
 * Refine mounts once the session is known, and anew for each signed-in member: its cached
 * permission answers (menu, buttons) then always belong to the member now signed in.
 */
function RefineGate() {
  const { loading, session } = useSession();
  if (loading) return <FullPageSpin />;
  return <RefineApp key={session ? `${session.user.id}:${session.business.id}:${session.roles.join()}:${session.business.kyb_status}` : "signed-out"} />;
}

function RefineApp() {
  const { session, refresh, signOut, can, canOnceVerified } = useSession();
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const providers = useMemo(
    // The menu lists screens locked until KYB approval too: opening one says why it is empty.
    () => ({ auth: authProvider(() => sessionRef.current, refresh, signOut), access: accessControl(can, routesOf, canOnceVerified) }),
    [refresh, signOut, can, canOnceVerified],
  );
  // One query client per mounted Refine (so per member, as Refine would make it), shared with the live
  // provider: server events refresh Refine's resources and the screens' own queries alike.
  const [queryClient] = useState(() => new QueryClient(queryDefaults));
  const [live] = useState(() => (sessionRef.current ? createLiveProvider(queryClient) : undefined));
  useEffect(() => {
    live?.start();
    return () => live?.stop();
  }, [live]);
  const layout = (
    <Suspense fallback={<FullPageSpin />}>
      <ConsoleLayout />
    </Suspense>
  );
  return (
    <Refine
      routerProvider={routerProvider}
      dataProvider={dataProvider}
      authProvider={providers.auth}
      accessControlProvider={providers.access}
      notificationProvider={useNotificationProvider}
      liveProvider={live}
      resources={MENU}
      options={{ syncWithLocation: true, disableTelemetry: true, warnWhenUnsavedChanges: false, liveMode: "auto", reactQuery: { clientConfig: queryClient } }}
    >
      <Routes>
        {ROUTES.filter((r) => r.kind !== "protected").map(({ path, kind, element }) => (
          <Route
            key={path}
            path={path}
            element={
              <Guarded kind={kind} pattern={path}>
                <Suspense fallback={<FullPageSpin />}>{element}</Suspense>
              </Guarded>
            }
          />
        ))}
        <Route element={layout}>
          {ROUTES.filter((r) => r.kind === "protected").map(({ path, kind, element }) => (
            <Route
              key={path}
              path={path}
              element={
                <Guarded kind={kind} pattern={path}>
                  {element}
                </Guarded>
              }
            />
          ))}
        </Route>
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
      <DocumentTitleHandler handler={documentTitle} />
    </Refine>
  );
}

export default function App() {
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => themeOf(!reducedMotion), [reducedMotion]);
  return (
    <BrowserRouter>
      <ConfigProvider theme={theme}>
        <AntdApp>
          <SessionProvider>
            <ScreensProvider screens={SCREENS}>
              <RefineGate />
            </ScreensProvider>
          </SessionProvider>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}

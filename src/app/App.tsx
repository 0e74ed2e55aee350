/** The app: Refine (router, data, auth, access control, notifications) over the route table. */
import { lazy, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { BrowserRouter, Navigate, Route, Routes } from "react-router";
import { Refine } from "@refinedev/core";
import { keepPreviousData, QueryClient } from "@tanstack/react-query";
import routerProvider, { DocumentTitleHandler } from "@refinedev/react-router";
import { ConfigProvider } from "antd";
import "@refinedev/antd/dist/reset.css";
import "./theme/links.css";
import "./small-screens.css";
import { SessionProvider, useSession } from "./session/session.tsx";
import { ROUTES } from "./routing/routes.tsx";
import { FullPageSpin, Guarded } from "./routing/guarded.tsx";
import { dataProvider } from "./providers/data-provider.ts";
import { accessControl } from "./providers/access-control.ts";
import { authProvider } from "./providers/auth-provider.ts";
import { createLiveProvider } from "./providers/live-provider.ts";
import { translatedMenu, routesOf } from "./navigation.tsx";
import { useNotificationProvider } from "./providers/notification-provider.ts";
import { FeedbackProvider } from "./providers/feedback.tsx";
import { activeLanguage, antdLocale, i18nProvider, LanguageFilesFailed, preloadLanguage, subscribeLanguage, switchLanguage } from "./i18n/i18n.ts";
import { isNumberFormat, pickLanguage, setFormats } from "../lib/formats.ts";
import { useThemeMode } from "./theme/theme-mode.ts";
import { themeOf } from "./theme/antd-theme.ts";
import { ThemeBody } from "./theme/theme-body.tsx";
import { useReducedMotion } from "./hooks/use-reduced-motion.ts";
import { ScreensProvider } from "./components/resource/screens.tsx";
import { SCREENS } from "./pages/screens.ts";
import { documentTitle } from "./routing/document-title.ts";
import { ThemeVariables } from "./components/layout/theme-variables.tsx";
import { loadConsoleLayout } from "./components/layout/load-console-layout.ts";

const ConsoleLayout = lazy(loadConsoleLayout);

/** A 4xx will not change on retry; a server error gets one more try before the error state shows. */
const retry = (failures: number, error: unknown) => ((error as { statusCode?: number })?.statusCode ?? 500) >= 500 && failures < 1;
/** Refine's own query defaults (previous data kept while a new page loads) with ours. */
const queryDefaults = { defaultOptions: { queries: { placeholderData: keepPreviousData, retry, refetchOnWindowFocus: false } } };

// The browser's language loads beside the session: a member who keeps it waits for nothing more.
const browserLanguages = () => (typeof navigator === "undefined" ? [] : navigator.languages);
void preloadLanguage(pickLanguage(null, browserLanguages())).catch(() => undefined);

/** The waits before the words are asked for again: the first retry is at once, the next after `first`, doubling up to `longest`. */
const LANGUAGE_RETRY_MS = { first: 2_000, longest: 30_000 } as const;

/**
 * The member's language (Settings → Profile), else the browser's, else English; active once its
 * catalogue has loaded (null until the first has). A language whose own words fail to load leaves
 * English. When i18next itself fails (or English too: the network is down), the language is asked
 * for again, at once and then after a growing pause, so the console opens in it once it can be had
 * instead of spinning until a reload.
 */
function useMemberLanguage(chosen: string | null | undefined, known: boolean) {
  const wanted = pickLanguage(chosen, browserLanguages());
  useEffect(() => {
    if (!known) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const attempt = (wait: number) =>
      switchLanguage(wanted)
        .catch((e) => {
          console.error(e);
          if (wanted === "en" || !(e instanceof LanguageFilesFailed)) throw e;
          return switchLanguage("en");
        })
        .catch(() => {
          const next = wait === 0 ? LANGUAGE_RETRY_MS.first : Math.min(wait * 2, LANGUAGE_RETRY_MS.longest);
          if (!stopped) timer = setTimeout(() => attempt(next), wait);
        });
    void attempt(0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [wanted, known]);
  return useSyncExternalStore(subscribeLanguage, activeLanguage);
}

/**
 * Refine mounts once the session is known, and anew for each signed-in member: its cached
 * permission answers (menu, buttons) then always belong to the member now signed in. It mounts anew
 * too when the member's language or formats change: every text and figure is then written again.
 */
function RefineGate() {
  const { loading, session } = useSession();
  const user = session?.user;
  const language = useMemberLanguage(user?.locale, !loading);
  if (loading || !language) return <FullPageSpin />;
  const numberFormat = isNumberFormat(user?.number_format) ? user.number_format : null;
  const timeZone = user?.time_zone ?? null;
  // Before anything renders: every formatter reads them (src/lib/formats.ts).
  setFormats({ language, numberFormat, timeZone });
  const formats = `${language}:${numberFormat}:${timeZone}`;
  return (
    <RefineApp
      key={session ? `${session.user.id}:${session.business.id}:${session.roles.join()}:${session.business.kyb_status}:${formats}` : `signed-out:${formats}`}
    />
  );
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
  // In the language Refine mounted with (it mounts anew when the language changes).
  const [menu] = useState(() => translatedMenu(i18nProvider.translate));
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
      i18nProvider={i18nProvider}
      resources={menu}
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
      <DocumentTitleHandler handler={(page) => documentTitle(page, i18nProvider.translate)} />
    </Refine>
  );
}

export default function App() {
  const reducedMotion = useReducedMotion();
  const { dark } = useThemeMode();
  const theme = useMemo(() => themeOf(!reducedMotion, dark), [reducedMotion, dark]);
  // antd's own texts follow the console's language (loaded with it: src/app/i18n/i18n.ts). Its
  // dialogs' and drawers' close buttons take their name from `closable`, not from the locale.
  const language = useSyncExternalStore(subscribeLanguage, activeLanguage);
  const closable = useMemo(() => ({ "aria-label": i18nProvider.translate("common.close") }), [language]); // eslint-disable-line react-hooks/exhaustive-deps -- the words change with the language
  return (
    <BrowserRouter>
      <ConfigProvider theme={theme} locale={antdLocale()} modal={{ closable }} drawer={{ closable }}>
        <ThemeBody dark={dark} />
        <FeedbackProvider>
          <ThemeVariables />
          <SessionProvider>
            <ScreensProvider screens={SCREENS}>
              <RefineGate />
            </ScreensProvider>
          </SessionProvider>
        </FeedbackProvider>
      </ConfigProvider>
    </BrowserRouter>
  );
}

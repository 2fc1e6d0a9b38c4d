import type { ComponentType } from "react";
import { Navigate, type LoaderFunction, type RouteObject } from "react-router";
import { Root } from "./app/root";
import { RouteError } from "./app/route-error";
import { languageGuard, languageGuardRevalidates } from "./guards/language-guard";
import { RequireAuth } from "./guards/require-auth";
import { PublicLayout } from "./layouts/public-layout";
import { BILINGUAL_PATHS, SINGLE_LANGUAGE_PATHS } from "./lib/site-pages";

/**
 * Every page is its own chunk, loaded with its route (React Router `lazy`), so a marketing page never
 * downloads portal code (the subscription guard, the dashboard) or another page's texts.
 */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });
/** A page that also exports the `loader` of its route. */
const withLoader =
  (load: () => Promise<{ default: ComponentType; loader: LoaderFunction }>) => async () => {
    const module = await load();
    return { Component: module.default, loader: module.loader };
  };

/** The page of each public path in the site's page list (the list decides which exist, and in which languages). */
const bilingualPage: Record<(typeof BILINGUAL_PATHS)[number], RouteObject["lazy"]> = {
  "/": page(() => import("./pages/home/home-page")),
  "/services": page(() => import("./pages/services/services-page")),
  "/portfolio": page(() => import("./pages/portfolio/portfolio-page")),
  "/pricing": page(() => import("./pages/pricing/pricing-page")),
  "/contact": page(() => import("./pages/contact/contact-page")),
  "/privacy-policy": page(() => import("./pages/legal/privacy-policy-page")),
  "/terms": page(() => import("./pages/legal/terms-page")),
  "/cookie-policy": page(() => import("./pages/legal/cookie-policy-page")),
  "/withdraw": page(() => import("./pages/withdraw/withdraw-page")),
};
const singleLanguagePage: Record<(typeof SINGLE_LANGUAGE_PATHS)[number], RouteObject["lazy"]> = {
  "/about": page(() => import("./pages/about/about-page")),
  "/features": page(() => import("./pages/features/features-page")),
  // The blog's pages load their first data with the route when the server renders them.
  "/blog": withLoader(() => import("./pages/blog/blog-page")),
};

const joinPage = page(() => import("./pages/join/join-page"));

/** A route object at an app path of the page list ("/" is the index). */
const at = (path: string, lazy: RouteObject["lazy"]): RouteObject =>
  path === "/" ? { index: true, lazy } : { path: path.slice(1), lazy };

/** The pages that exist in Dutch and, under /en, in English. */
const bilingualPages: RouteObject[] = BILINGUAL_PATHS.map((path) => at(path, bilingualPage[path]));

/** The English duplicates, each behind the language guard. */
const englishPages: RouteObject[] = bilingualPages.map((route) => ({
  ...route,
  loader: languageGuard,
  shouldRevalidate: languageGuardRevalidates,
}));

/**
 * The agency's desk, the same views at /desk and /en/desk: its own frame (no marketing header or footer), the
 * enrolment link's page open to anyone holding the link, and the rest behind the staff sign-in.
 */
const deskRoutes = (path: string): RouteObject => ({
  path,
  lazy: page(() => import("./pages/desk/desk-page")),
  children: [
    { path: "enrol", lazy: page(() => import("./pages/desk/enrol/enrol-view")) },
    {
      lazy: page(() => import("./pages/desk/desk-guard")),
      children: [
        { index: true, lazy: page(() => import("./pages/desk/leads/inbox-view")) },
        { path: "leads/:id", lazy: page(() => import("./pages/desk/leads/lead-view")) },
        { path: "customers", lazy: page(() => import("./pages/desk/customers/customers-view")) },
        { path: "customers/:id", lazy: page(() => import("./pages/desk/customers/customer-view")) },
        { path: "audit", lazy: page(() => import("./pages/desk/admin/audit-view")) },
        { path: "staff", lazy: page(() => import("./pages/desk/admin/staff-view")) },
        { path: "*", lazy: page(() => import("./pages/desk/desk-not-found")) },
      ],
    },
  ],
});

/** The dashboard's paid features: behind the subscription guard. None yet; new dashboard sections go here. */
const PAID_FEATURES: RouteObject[] = [];

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    // The first English page waits for its guard; nothing is worth showing for those few milliseconds.
    hydrateFallbackElement: <></>,
    children: [
      deskRoutes("desk"),
      deskRoutes("en/desk"),
      {
        path: "dashboard",
        lazy: async () => ({ Component: (await import("./guards/require-account")).RequireAccount }),
        children: [
          {
            lazy: page(() => import("./layouts/dashboard-layout")),
            children: [
              { index: true, element: <Navigate to="/dashboard/settings" replace /> },
              // Account and privacy: every signed-in visitor, subscribed or not.
              { path: "settings", lazy: page(() => import("./pages/dashboard-settings/dashboard-settings-page")) },
              {
                lazy: async () => ({ Component: (await import("./guards/require-subscription")).RequireSubscription }),
                children: PAID_FEATURES,
              },
              { path: "*", lazy: withLoader(() => import("./pages/not-found/not-found-page")) },
            ],
          },
        ],
      },
      {
        element: <PublicLayout />,
        children: [
          ...bilingualPages,
          ...SINGLE_LANGUAGE_PATHS.map((path) => at(path, singleLanguagePage[path])),
          { path: "login", lazy: page(() => import("./pages/login/login-page")) },
          { path: "register", lazy: page(() => import("./pages/register/register-page")) },
          { path: "forgot-password", lazy: page(() => import("./pages/forgot-password/forgot-password-page")) },
          { path: "reset-password", lazy: page(() => import("./pages/reset-password/reset-password-page")) },
          { path: "verify-email", lazy: page(() => import("./pages/verify-email/verify-email-page")) },
          // The 'this wasn't me' link of a new-sign-in alert.
          { path: "secure-account", lazy: page(() => import("./pages/secure-account/secure-account-page")) },
          // The acknowledgement's link for an owner who did not send a statement of withdrawal.
          { path: "withdraw/undo", lazy: page(() => import("./pages/withdraw-undo/withdraw-undo-page")) },
          // An invitation mail's link; the English one is /en/join (below, behind the language guard).
          { path: "join", lazy: joinPage },
          { path: "blog/:id", lazy: withLoader(() => import("./pages/blog-article/blog-article-page")) },
          { path: "en", children: [...englishPages, { path: "join", lazy: joinPage, loader: languageGuard, shouldRevalidate: languageGuardRevalidates }] },
          {
            element: <RequireAuth />,
            children: [
              { path: "subscribe", lazy: page(() => import("./pages/subscribe/subscribe-page")) },
              {
                path: "subscription/success",
                lazy: async () => ({ Component: (await import("./app/subscription-success")).SubscriptionSuccess }),
              },
              // 'Manage billing' from a mail: signed in is enough, so a customer whose payment failed gets there.
              { path: "billing", lazy: page(() => import("./pages/billing/billing-page")) },
            ],
          },
          { path: "*", lazy: withLoader(() => import("./pages/not-found/not-found-page")) },
        ],
      },
    ],
  },
];

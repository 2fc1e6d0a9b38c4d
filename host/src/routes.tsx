import type { ComponentType } from "react";
import { Navigate, type RouteObject } from "react-router";
import { Root } from "./app/root";
import { RouteError } from "./app/route-error";
import { languageGuard, languageGuardRevalidates } from "./guards/language-guard";
import { RequireAuth } from "./guards/require-auth";
import { PublicLayout } from "./layouts/public-layout";

/**
 * Every page is its own chunk, loaded with its route (React Router `lazy`), so a marketing page never
 * downloads portal code (the subscription guard, the dashboard) or another page's texts.
 */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

const home = page(() => import("./pages/home/home-page"));
const services = page(() => import("./pages/services/services-page"));
const portfolio = page(() => import("./pages/portfolio/portfolio-page"));
const pricing = page(() => import("./pages/pricing/pricing-page"));
const contact = page(() => import("./pages/contact/contact-page"));
const privacyPolicy = page(() => import("./pages/privacy-policy/privacy-policy-page"));
const terms = page(() => import("./pages/terms/terms-page"));
const cookiePolicy = page(() => import("./pages/cookie-policy/cookie-policy-page"));

/** The pages that exist in Dutch and, under /en, in English (spec §2). */
const bilingualPages: RouteObject[] = [
  { index: true, lazy: home },
  { path: "services", lazy: services },
  { path: "portfolio", lazy: portfolio },
  { path: "pricing", lazy: pricing },
  { path: "contact", lazy: contact },
  { path: "privacy-policy", lazy: privacyPolicy },
  { path: "terms", lazy: terms },
  { path: "cookie-policy", lazy: cookiePolicy },
];

/** The English duplicates, each behind the language guard. */
const englishPages: RouteObject[] = bilingualPages.map((route) => ({
  ...route,
  loader: languageGuard,
  shouldRevalidate: languageGuardRevalidates,
}));

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    // The first English page waits for its guard; nothing is worth showing for those few milliseconds.
    hydrateFallbackElement: <></>,
    children: [
      {
        path: "dashboard",
        lazy: async () => ({ Component: (await import("./guards/require-subscription")).RequireSubscription }),
        children: [
          {
            lazy: page(() => import("./layouts/dashboard-layout")),
            children: [
              { index: true, element: <Navigate to="/dashboard/settings" replace /> },
              { path: "settings", lazy: page(() => import("./pages/dashboard-settings/dashboard-settings-page")) },
              { path: "*", lazy: page(() => import("./pages/not-found/not-found-page")) },
            ],
          },
        ],
      },
      {
        element: <PublicLayout />,
        children: [
          ...bilingualPages,
          { path: "about", lazy: page(() => import("./pages/about/about-page")) },
          { path: "features", lazy: page(() => import("./pages/features/features-page")) },
          { path: "login", lazy: page(() => import("./pages/login/login-page")) },
          { path: "register", lazy: page(() => import("./pages/register/register-page")) },
          { path: "forgot-password", lazy: page(() => import("./pages/forgot-password/forgot-password-page")) },
          { path: "reset-password", lazy: page(() => import("./pages/reset-password/reset-password-page")) },
          { path: "blog", lazy: page(() => import("./pages/blog/blog-page")) },
          { path: "blog/:id", lazy: page(() => import("./pages/blog-article/blog-article-page")) },
          { path: "en", children: englishPages },
          {
            element: <RequireAuth />,
            children: [
              { path: "subscribe", lazy: page(() => import("./pages/subscribe/subscribe-page")) },
              {
                path: "subscription/success",
                lazy: async () => ({ Component: (await import("./app/subscription-success")).SubscriptionSuccess }),
              },
            ],
          },
          { path: "*", lazy: page(() => import("./pages/not-found/not-found-page")) },
        ],
      },
    ],
  },
];

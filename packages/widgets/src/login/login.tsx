import { lazy, Suspense, useEffect, useState } from "react";
import { useAuthFlow } from "./auth-flow";
import { LoginView } from "./login-view";
import { ShowViewContext, type LoginViewName } from "./view-link";

// Most visitors sign in: the register and forgot-password views are fetched after the element has rendered (or
// first, when the element opens on one of them), so they are there when a link switches to them.
const loadRegisterView = () => import("./register-view");
const loadForgotView = () => import("./forgot-view");
const RegisterView = lazy(() => loadRegisterView().then((m) => ({ default: m.RegisterView })));
const ForgotView = lazy(() => loadForgotView().then((m) => ({ default: m.ForgotView })));

export interface LoginProps {
  /** Which view to show: "login" (default), "register" or "forgot". */
  view?: string;
  /** Where a successful login (or an already logged-in visitor) goes. Default: "/dashboard". */
  redirectTo?: string;
}

function toView(value: string | undefined): LoginViewName {
  return value === "register" || value === "forgot" ? value : "login";
}

/** Login, register and forgot password, as one element with three views. */
export function Login({ view, redirectTo }: LoginProps) {
  const [shown, setShown] = useState(() => ({ view: toView(view), switched: false }));
  // The attribute wins whenever it changes (a host router re-rendering the element for another route).
  const [viewAttribute, setViewAttribute] = useState(view);
  if (viewAttribute !== view) {
    setViewAttribute(view);
    setShown({ view: toView(view), switched: true });
  }
  const flow = useAuthFlow(redirectTo, shown.view !== "forgot");
  useEffect(() => {
    // Offline they are asked for again when a link switches to them.
    void loadRegisterView().catch(() => undefined);
    void loadForgotView().catch(() => undefined);
  }, []);

  return (
    <ShowViewContext.Provider value={(next) => setShown({ view: next, switched: true })}>
      <section className="login" part="root">
        {shown.view === "login" ? <LoginView flow={flow} focusHeading={shown.switched} /> : null}
        <Suspense fallback={<div className="login__view login__view--loading" part="view" />}>
          {shown.view === "register" ? <RegisterView flow={flow} focusHeading={shown.switched} /> : null}
          {shown.view === "forgot" ? <ForgotView focusHeading={shown.switched} /> : null}
        </Suspense>
      </section>
    </ShowViewContext.Provider>
  );
}

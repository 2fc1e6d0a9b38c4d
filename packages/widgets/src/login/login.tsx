import { useEffect, useReducer, useState } from "react";
import { laterPart } from "../element/later-part";
import { useAuthFlow } from "./auth-flow";
import { LoginView } from "./login-view";
import { ShowViewContext, type LoginViewName } from "./view-link";

// Most visitors sign in: the register and forgot-password views are fetched after the element has rendered (or
// first, when the element opens on one of them), so they are there when a link switches to them. Their texts come
// with them.
let RegisterView: typeof import("./register-view").RegisterView | null = null;
let ForgotView: typeof import("./forgot-view").ForgotView | null = null;
export const loadViews = () =>
  Promise.all([
    laterPart(import("./register-view").then((m) => m.RegisterView), import("./later-texts")).then((view) => (RegisterView = view)),
    laterPart(import("./forgot-view").then((m) => m.ForgotView), import("./later-texts")).then((view) => (ForgotView = view)),
  ]);

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
  const [, viewsArrived] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    // Offline they are asked for again by the next element that renders.
    if (!RegisterView || !ForgotView) void loadViews().then(viewsArrived, () => undefined);
  }, []);
  // Until a view's code is here, its room (the height agency-widgets.css reserves for it) is kept.
  const pending = <div className={`login__view login__pending login__pending--${shown.view}`} part="view" />;

  return (
    <ShowViewContext.Provider value={(next) => setShown({ view: next, switched: true })}>
      <section className="login" part="root">
        {shown.view === "login" ? <LoginView flow={flow} focusHeading={shown.switched} /> : null}
        {shown.view === "register" ? RegisterView ? <RegisterView flow={flow} focusHeading={shown.switched} /> : pending : null}
        {shown.view === "forgot" ? ForgotView ? <ForgotView focusHeading={shown.switched} /> : pending : null}
      </section>
    </ShowViewContext.Provider>
  );
}

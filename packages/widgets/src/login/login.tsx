import { useState } from "react";
import { useAuthFlow } from "./auth-flow";
import { ForgotView } from "./forgot-view";
import { LoginView } from "./login-view";
import { RegisterView } from "./register-view";
import { ShowViewContext, type LoginViewName } from "./view-link";

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

  return (
    <ShowViewContext.Provider value={(next) => setShown({ view: next, switched: true })}>
      <section className="login" part="root">
        {shown.view === "login" ? <LoginView flow={flow} focusHeading={shown.switched} /> : null}
        {shown.view === "register" ? <RegisterView flow={flow} focusHeading={shown.switched} /> : null}
        {shown.view === "forgot" ? <ForgotView focusHeading={shown.switched} /> : null}
      </section>
    </ShowViewContext.Provider>
  );
}

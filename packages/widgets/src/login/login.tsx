import { useSession } from "@agency/core";
import { lazy, Suspense, useEffect, useReducer, useRef, useState, type ComponentType } from "react";
import { laterPart } from "../element/later-part";
import { useAuthFlow, type AuthFlow } from "./auth-flow";
import type { Invitation } from "./invitation-flow";
import { LoginView } from "./login-view";
import { KeepViewsInPlace, ShowViewContext, type LoginViewName } from "./view-link";

// Most visitors sign in: the register and forgot-password views are fetched at the visitor's first sign of intent in
// the element (a pointer over it, a finger on it, focus in it), so they are there when a link switches to them, and
// the page's load does not pay for them. An element that opens on one of them, or is switched to one by its
// attribute, fetches it at once. Their texts come with them.
let RegisterView: typeof import("./register-view").RegisterView | null = null;
let ForgotView: typeof import("./forgot-view").ForgotView | null = null;
let loading: Promise<unknown> | null = null;
export const loadViews = () =>
  (loading ??= Promise.all([
    laterPart(import("./register-view").then((m) => m.RegisterView), import("./later-texts")).then((view) => (RegisterView = view)),
    laterPart(import("./forgot-view").then((m) => m.ForgotView), import("./later-texts")).then((view) => (ForgotView = view)),
  ]).catch((error: unknown) => {
    // Offline: asked for again at the next sign of intent.
    loading = null;
    throw error;
  }));

/** An invitation's page (`invitation-token`): its code and texts come only to such a page. */
const InvitationLogin = lazy(() => import("./invitation-login"));

export interface LoginProps {
  /** Which view to show: "login" (default), "register" or "forgot". */
  view?: string;
  /** Where a successful login (or an already logged-in visitor) goes. Default: "/dashboard". */
  redirectTo?: string;
  /**
   * The token of an invitation to a company (the `token` of the invitation mail's `/join` link): the element shows
   * the invitation, and accepts it once the visitor has logged in or registered (a signed-in visitor with one click).
   */
  invitationToken?: string;
}

function toView(value: string | undefined): LoginViewName {
  return value === "register" || value === "forgot" ? value : "login";
}

/** Login, register and forgot password, as one element with three views; with an invitation, its page. */
export function Login(props: LoginProps) {
  if (!props.invitationToken) return <LoginViews view={props.view} redirectTo={props.redirectTo} />;
  return (
    <Suspense fallback={<section className="login" part="root" />}>
      <InvitationLogin {...props} invitationToken={props.invitationToken} />
    </Suspense>
  );
}

/** What an invitation's page adds to the views: its state (with the flow that accepts) and the panel that shows it. */
export interface InvitationParts {
  token: string;
  /** The invitation's hook; the same function for the views' whole life. */
  use: (token: string, base: AuthFlow) => Invitation;
  Panel: ComponentType<{ invitation: Invitation }>;
}

export function LoginViews({ view, redirectTo, invite }: { view?: string; redirectTo?: string; invite?: InvitationParts }) {
  const [shown, setShown] = useState(() => ({ view: toView(view), switched: false }));
  // The attribute wins whenever it changes (a host router re-rendering the element for another route).
  const [viewAttribute, setViewAttribute] = useState(view);
  if (viewAttribute !== view) {
    setViewAttribute(view);
    setShown({ view: toView(view), switched: true });
  }
  // An invitation's page stays for the visitor to accept, signed in or not.
  const base = useAuthFlow(redirectTo, shown.view !== "forgot" && !invite);
  // `invite` is given or not for the component's whole life (Login renders one or the other), so the hook order holds.
  const invitation = invite ? invite.use(invite.token, base) : null;
  const flow = invitation?.flow ?? base;
  const { isAuthenticated } = useSession();
  const [, viewsArrived] = useReducer((n: number) => n + 1, 0);
  // One wait per element: a pointer moving over the element while the views load asks for no second render.
  const waiting = useRef(false);
  const fetchViews = () => {
    if ((RegisterView && ForgotView) || waiting.current) return;
    waiting.current = true;
    void loadViews().then(viewsArrived, () => {
      waiting.current = false;
    });
  };
  useEffect(() => {
    if (shown.view !== "login") fetchViews();
  });
  // Until a view's code is here, its room (the height agency-widgets.css reserves for it) is kept.
  const pending = <div className={`login__view login__pending login__pending--${shown.view}`} part="view" />;

  return (
    <ShowViewContext.Provider value={(next) => setShown({ view: next, switched: true })}>
      <KeepViewsInPlace.Provider value={invitation !== null}>
        <section className="login" part="root" onPointerOver={fetchViews} onTouchStart={fetchViews} onFocus={fetchViews}>
          {invite && invitation ? <invite.Panel invitation={invitation} /> : null}
          {invitation && isAuthenticated ? null : (
            <>
              {shown.view === "login" ? <LoginView flow={flow} focusHeading={shown.switched} /> : null}
              {shown.view === "register" ? RegisterView ? <RegisterView flow={flow} focusHeading={shown.switched} /> : pending : null}
              {shown.view === "forgot" ? ForgotView ? <ForgotView focusHeading={shown.switched} /> : pending : null}
            </>
          )}
        </section>
      </KeepViewsInPlace.Provider>
    </ShowViewContext.Provider>
  );
}

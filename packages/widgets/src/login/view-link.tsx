import { createContext, useContext, type AnchorHTMLAttributes, type ReactNode } from "react";
import { useElement } from "../element/element-context";

export type LoginViewName = "login" | "register" | "forgot";

/** The site path each view stands for: /login, /register, /forgot-password. */
export const VIEW_PATHS: Record<LoginViewName, string> = {
  login: "/login",
  register: "/register",
  forgot: "/forgot-password",
};

export const ShowViewContext = createContext<(view: LoginViewName) => void>(() => {});

/** True on an invitation's page: its views switch in place, for the invitation must stay on the page. */
export const KeepViewsInPlace = createContext(false);

/**
 * A link to another view of this element. It is a real link to the view's page (so "open in new tab" works)
 * and announces itself with `agency-navigate`; a host that routes cancels the event, and when nobody does the
 * element switches view in place, so a partner page needs one <agency-login> for all three views.
 */
export function ViewLink({
  view,
  children,
  ...rest
}: { view: LoginViewName; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  const { emit, hrefFor } = useElement();
  const showView = useContext(ShowViewContext);
  const inPlace = useContext(KeepViewsInPlace);
  const to = VIEW_PATHS[view];
  const href = hrefFor(to);
  return (
    <a
      {...rest}
      href={href}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        if (inPlace || emit("agency-navigate", { to, href, source: "agency-login" })) showView(view);
      }}
    >
      {children}
    </a>
  );
}

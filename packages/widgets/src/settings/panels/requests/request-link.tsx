import { createContext, useContext, type AnchorHTMLAttributes, type ReactNode } from "react";
import { useElement } from "../../../element/element-context";

/** Opens a request (its id), or the list (null), inside the element: what a link does when no page routes it. */
export const OpenRequestContext = createContext<(id: string | null) => void>(() => {});

/** The site path of a request, or of the list: /dashboard/requests/{id}, /dashboard/requests. */
export const requestPath = (id: string | null) => (id ? `/dashboard/requests/${id}` : "/dashboard/requests");

/**
 * A link to a request or to the list. It is a real link to the site's page (so "open in new tab" works) and
 * announces itself with `agency-navigate`; the site routes it (its page shows this element with that request), and
 * on a partner's page, where nobody cancels the event, the element opens the request in place.
 */
export function RequestLink({ request, children, ...rest }: { request: string | null; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  const { emit, hrefFor } = useElement();
  const open = useContext(OpenRequestContext);
  const to = requestPath(request);
  const href = hrefFor(to);
  return (
    <a
      {...rest}
      href={href}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        if (emit("agency-navigate", { to, href, source: "agency-settings" })) open(request);
      }}
    >
      {children}
    </a>
  );
}

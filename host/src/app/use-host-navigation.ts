import { useEffect } from "react";
import { useNavigate } from "react-router";
import { followSiteLinks } from "../runtime";

/**
 * Routes the site's plain links and the elements' `agency-navigate` requests through React Router, so following a
 * link never reloads the app (see followSiteLinks).
 */
export function useHostNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => followSiteLinks((to) => void navigate(to)), [navigate]);
}

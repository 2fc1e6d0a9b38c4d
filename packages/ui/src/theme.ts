import type { Theme } from "@agency/contract";
import { useEffect, useLayoutEffect, useReducer } from "react";
import { adoptStyles } from "./styles";

/**
 * The dark theme's tokens (styles/dark.css), loaded the first time a root of the page is dark or follows the
 * visitor's scheme, so a light page never downloads them; "" when they could not be loaded (offline: light it is).
 */
let dark: string | undefined;
let loading: Promise<unknown> | undefined;
const loadDark = () =>
  (loading ??= import("./styles/dark.css?inline").then(
    (module) => (dark = module.default),
    () => (dark = ""),
  ));

/**
 * Puts a theme's colours in a shadow root: `sheets` (ui.css first, then the root's own), with the dark tokens after
 * ui.css for dark, and for auto inside `@media (prefers-color-scheme: dark)`. Answers whether the root may show its
 * content: not while the dark tokens it needs now (dark, or auto in a dark scheme) are on their way, so nothing is
 * seen in the wrong colours. Auto in a light scheme shows at once and loads the tokens only when the scheme turns dark.
 */
export function useThemeStyles(root: ShadowRoot, theme: Theme, sheets: readonly string[]): boolean {
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const themed = theme !== "light" && dark;
  useEffect(() => {
    if (theme === "light" || dark !== undefined) return;
    if (theme === "dark") return void loadDark().then(loaded);
    // Auto in a light scheme asks for them when the scheme turns dark, not before.
    const scheme = matchMedia("(prefers-color-scheme: dark)");
    const load = () => scheme.matches && void loadDark().then(loaded);
    load();
    scheme.addEventListener("change", load);
    return () => scheme.removeEventListener("change", load);
  }, [theme]);
  useLayoutEffect(() => {
    const [ui, ...own] = sheets;
    adoptStyles(root, themed ? [ui!, theme === "dark" ? themed : `@media (prefers-color-scheme: dark) {\n${themed}\n}`, ...own] : [...sheets]);
  }, [root, theme, themed, sheets]);
  return theme === "light" || dark !== undefined || (theme === "auto" && !matchMedia("(prefers-color-scheme: dark)").matches);
}

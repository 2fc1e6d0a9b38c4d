import "@testing-library/jest-dom/vitest";
import { resetToasts, unmountToaster } from "@agency/ui";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";

// jsdom has <dialog> without its methods. Here a modal dialog is simply an open one; the browser tests cover
// what only a browser does (the top layer, the inert page behind it, Escape).
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event("close"));
  };
}

// Elements render asynchronously in roots of their own; on a loaded two-core machine a render can take longer than
// Testing Library's default second, so waitFor and findBy wait up to five.
configure({ asyncUtilTimeout: 5000 });

afterEach(async () => {
  cleanup();
  // Unmounting the test's tree disconnects its agency-* elements, whose own roots React unmounts a moment
  // later (it cannot while it is committing). Let that work run while the DOM still exists.
  await new Promise((resolve) => setTimeout(resolve, 0));
  // The page-wide toaster lives outside any test's render tree: drop it and its timers, so nothing renders
  // after the test environment is gone.
  resetToasts();
  unmountToaster();
  localStorage.clear();
  sessionStorage.clear();
  // Cookies are the page's storage too (the language cookie).
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
});

// Elements render in their own React roots, outside act(); the tests wait with waitFor instead, so silence the act
// warning. Testing Library switches it back on in a beforeAll of its own, registered when it was imported above.
const actOff = () => void ((globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false);
actOff();
beforeAll(actOff);

import "@testing-library/jest-dom/vitest";
import { resetToasts, unmountToaster } from "@agency/ui";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

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
});

// r2wc renders elements outside React's act(); the tests wait with waitFor instead, so silence the act warning.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

// Defines every agency-* element (the package's side-effect entry) and types window.AgencyWidgets.
import "@agency/widgets";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";

const root = document.getElementById("root")!;
window.AgencyWidgets?.configure({ apiBase: root.dataset.apiBase });
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

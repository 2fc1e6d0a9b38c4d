import "@agency/ui/styles/ui.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import "./app/app.css";
import { createAppRouter } from "./app/create-router";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App router={createAppRouter()} />
  </StrictMode>,
);

import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// A partner's React 19 app: it imports the built @agency/widgets package (its exports point at dist/), not the
// sources, so this is what an installed package gives.
export default defineConfig({
  root: import.meta.dirname,
  base: "./",
  plugins: [react()],
  // React and the elements in one file, as a small app would ship them.
  build: { outDir: "dist", emptyOutDir: true, target: "es2022", chunkSizeWarningLimit: 1024 },
});

import { defineConfig } from "vite";
import { alias, browserPlugins } from "../vite.shared.ts";

export default defineConfig({
  plugins: browserPlugins(),
  resolve: { alias },
  // Relative asset URLs: the same build serves "/" and "/preview/{first}/{second}/"; the server rewrites the
  // "./" prefixes in index.html to the request's base path (see packages/server static-site plugin).
  base: "./",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:8080", "/widgets": "http://localhost:8080" },
  },
});

// Lingui's Vite plugin compiles .po catalogs on import; this is the shape it hands back.
declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}

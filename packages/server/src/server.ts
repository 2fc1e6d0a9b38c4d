import { seedDemoCustomer, type DemoCustomer } from "./accounts/demo-customer";
import { buildApp } from "./app";
import { ConfigError, loadConfig, loadDotEnv } from "./config";

/** Production entry: `node dist/server.js` (or `tsx src/server.ts` in development). */
async function main() {
  // Before the config is read; variables set in the real environment win over the file.
  const envFile = loadDotEnv();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  const app = await buildApp(config);
  if (envFile) app.log.info({ file: envFile }, "settings read from .env");
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // A stuck connection must not keep the process alive forever.
    const force = setTimeout(() => {
      app.log.error("shutdown took longer than 10 s; exiting");
      process.exit(1);
    }, 10_000).unref();
    try {
      // Stops accepting, lets in-flight requests and background mail finish, then closes the database.
      await app.close();
      clearTimeout(force);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  // With test payments, a customer to log in with right away; never with real payments.
  let demo: DemoCustomer | null = null;
  try {
    await app.ready();
    demo = await seedDemoCustomer(app);
  } catch (error) {
    app.log.warn({ err: error }, "the demo customer could not be prepared");
  }

  await app.listen({ port: config.port, host: config.host });
  // The lines an operator looks for; the rest of the log is JSON.
  // oxlint-disable-next-line no-console
  console.log(`Agency site running at ${config.publicUrl}`);
  if (demo) {
    // oxlint-disable-next-line no-console
    console.log(`Demo customer (test payments, active test subscription): ${demo.email} / ${demo.password} — log in at ${config.publicUrl}/login`);
  }
}

main().catch((error: unknown) => {
  console.error("Failed to start:", error instanceof Error ? error.message : error);
  process.exit(1);
});

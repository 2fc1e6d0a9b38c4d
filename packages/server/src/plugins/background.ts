import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Runs work after the answer is sent (mail). Failures are logged, never thrown. Shutdown waits for pending
     * work, and tests call `settle()` to observe its effects deterministically.
     */
    background(name: string, work: () => Promise<unknown>): void;
    settle(): Promise<void>;
  }
}

export default fp(
  async function backgroundPlugin(app: FastifyInstance) {
    const pending = new Set<Promise<unknown>>();
    app.decorate("background", (name: string, work: () => Promise<unknown>) => {
      const task = Promise.resolve()
        .then(work)
        .catch((error: unknown) => app.log.error({ err: error, task: name }, "background task failed"))
        .finally(() => pending.delete(task));
      pending.add(task);
    });
    app.decorate("settle", async () => {
      while (pending.size > 0) await Promise.allSettled(pending);
    });
    // preClose runs before the db plugin's onClose, so pending mail bookkeeping still has a database.
    app.addHook("preClose", async () => app.settle());
  },
  { name: "background" },
);

import fp from "fastify-plugin";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { checkBreachedPassword } from "../accounts/breached-passwords";
import { isCommonPassword } from "../accounts/common-passwords";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Why a new password (sign-up, reset, change) is refused, or null when it may be used: one of the most common
     * passwords, or one a breach made public (BREACHED_PASSWORDS_URL). A breach service that fails or is slow lets
     * the password through, logged and counted.
     */
    passwordProblem(password: string, log: FastifyBaseLogger): Promise<"auth.common_password" | "auth.breached_password" | null>;
  }
}

async function passwordsPlugin(app: FastifyInstance) {
  const rangeUrl = app.config.breachedPasswordsUrl;
  // Departs from the specification, whose only rule is the length (docs/decisions/0014-common-and-breached-passwords-refused.md).
  app.decorate("passwordProblem", async (password: string, log: FastifyBaseLogger) => {
    if (isCommonPassword(password)) return "auth.common_password" as const;
    if (!rangeUrl) return null;
    const verdict = await checkBreachedPassword(rangeUrl, password);
    app.metrics.breachedPasswordChecks.inc({ outcome: verdict });
    if (verdict === "unavailable") log.warn("breached-password check unavailable: the password was accepted unchecked");
    return verdict === "breached" ? ("auth.breached_password" as const) : null;
  });
}

export default fp(passwordsPlugin, { name: "passwords", dependencies: ["config", "metrics"] });

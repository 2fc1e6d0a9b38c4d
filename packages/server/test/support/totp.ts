import { TOTP_STEP_SECONDS, totpCode, totpStep } from "../../src/auth-factors/totp";

/**
 * The code of the step before the current one, as an app whose clock lags shows it: accepted (one step either way),
 * and it leaves the current step to a test's sign-ins. Near the end of a step it waits for the next, so a slow
 * request (a password hash on a busy machine) does not find it two steps old.
 */
export async function laggingTotpCode(secret: string): Promise<string> {
  const stepMs = TOTP_STEP_SECONDS * 1000;
  const left = stepMs - (Date.now() % stepMs);
  if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
  return totpCode(secret, totpStep() - 1);
}

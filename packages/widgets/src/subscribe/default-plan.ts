import type { Plan } from "@agency/contract";
import { useLingui } from "@lingui/react/macro";
import { useMemo } from "react";

/**
 * The plan shown when the server has none (or cannot be reached), in the element's language: the same texts as the
 * Pro plan the server seeds (migrations 0010 and 0011), so a visitor sees no difference between the two.
 */
export function useDefaultPlan(): Plan {
  const { t } = useLingui();
  return useMemo(
    () => ({
      id: "pro",
      name: t`Pro Plan`,
      description: t`Everything your team needs to grow online.`,
      price_monthly: 49,
      price_yearly: 468,
      currency: "EUR",
      features: [
        t`Unlimited team members`,
        t`500GB storage`,
        t`All integrations`,
        t`Priority support`,
        t`Advanced analytics`,
        t`Full API access`,
      ],
    }),
    [t],
  );
}

/** The server's first plan, if it is one this element can show and sell. */
export function usablePlan(candidate: unknown): Plan | null {
  if (!candidate || typeof candidate !== "object") return null;
  const plan = candidate as Partial<Plan>;
  const valid =
    typeof plan.id === "string" &&
    plan.id !== "" &&
    typeof plan.name === "string" &&
    Number.isFinite(plan.price_monthly) &&
    Number.isFinite(plan.price_yearly);
  return valid ? (plan as Plan) : null;
}

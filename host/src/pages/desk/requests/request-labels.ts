import { PACKAGES, type DeskRequestSummary, type RequestKind, type RequestStatus } from "@agency/contract";
import { useLingui } from "@lingui/react/macro";

/** The words the desk's request views show for the API's values, in the page's language. */
export function useRequestLabels() {
  const { t } = useLingui();
  const kind: Record<RequestKind, string> = { content: t`Content update`, problem: t`Problem`, question: t`Question` };
  const status: Record<RequestStatus, string> = { open: t`Open`, waiting: t`Waiting for the customer`, closed: t`Closed` };
  /** The package's name (the same in every language), else the Pro plan, else none. */
  const plan = (request: Pick<DeskRequestSummary, "package" | "proPlan">) =>
    PACKAGES.find((p) => p.id === request.package)?.name ?? (request.proPlan ? t`Pro plan` : t`None`);
  return { kind, status, plan };
}

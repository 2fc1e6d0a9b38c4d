import type { RequestKind, RequestStatus } from "@agency/contract";
import { useLingui } from "@lingui/react/macro";

/** How the portal names a request's kind and status, in the element's language. */
export function useRequestLabels(): { kind: Record<RequestKind, string>; status: Record<RequestStatus, string> } {
  const { t } = useLingui();
  return {
    kind: { content: t`Content update`, problem: t`Problem`, question: t`Question` },
    status: { open: t`With us`, waiting: t`Waiting for you`, closed: t`Closed` },
  };
}

import { lazy, Suspense } from "react";

// The company's requests for content updates and support, with their texts: the first screen of view="requests".
const RequestsView = lazy(() => import("./panels/requests/requests-view"));

/** The requests card (the list, or the request `requestId`), loaded when it is first shown. */
export function RequestsCard({ requestId }: { requestId?: string }) {
  return (
    <Suspense fallback={null}>
      <RequestsView requestId={requestId} />
    </Suspense>
  );
}

import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import { withPanelTexts } from "../panel-i18n";
import { RequestList } from "./request-list";
import { OpenRequestContext, requestPath } from "./request-link";
import { RequestThread } from "./request-thread";
import { useElement } from "../../../element/element-context";

/**
 * The company's requests for content updates and support, as a card of the settings element: the list, or one
 * request (`requestId`, the element's `request` attribute). A link between them is routed by the site when it
 * cancels `agency-navigate`; on a page that does not, the card switches in place.
 */
function RequestsView({ requestId }: { requestId?: string }) {
  const { emit, hrefFor } = useElement();
  // What was opened in place, while the attribute still says what it said then; a new `request` attribute wins.
  const [opened, setOpened] = useState<{ from: string | undefined; id: string | null } | null>(null);
  const shown = opened && opened.from === requestId ? { id: opened.id, focus: true } : { id: requestId || null, focus: false };
  const open = (id: string | null) => setOpened({ from: requestId, id });

  return (
    <section className="settings__card requests" part="requests" aria-labelledby="settings-requests">
      <h2 id="settings-requests" className="settings__title">
        <Trans>Requests</Trans>
      </h2>
      <OpenRequestContext.Provider value={open}>
        {shown.id ? (
          <RequestThread id={shown.id} focus={shown.focus} />
        ) : (
          <>
            <p className="settings__muted requests__intro">
              <Trans>Content updates, problems and questions: your monthly fee includes the time, and we answer within 24 hours.</Trans>
            </p>
            <RequestList
              onFiled={(request) => {
                const to = requestPath(request.id);
                if (emit("agency-navigate", { to, href: hrefFor(to), source: "agency-settings" })) open(request.id);
              }}
            />
          </>
        )}
      </OpenRequestContext.Provider>
    </section>
  );
}

export default withPanelTexts(RequestsView);

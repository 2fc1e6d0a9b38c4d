import { formatDateTime, localizedPath, type CustomerRequest, type RequestsResponse } from "@agency/contract";
import { requestsApi } from "@agency/core";
import { FormAlert } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { ElementLink, useElement } from "../../../element/element-context";
import { AllowanceSummary } from "./allowance";
import { useRequestLabels } from "./labels";
import { NewRequest } from "./new-request";
import { RequestLink } from "./request-link";

type Load = { state: "loading" } | { state: "failed" } | { state: "loaded"; data: RequestsResponse };

/**
 * The company's requests: the month's minutes, a new request (for a company with an active subscription or package;
 * the others are told what it takes) and the list, those still going first.
 */
export function RequestList({ onFiled }: { onFiled: (request: CustomerRequest) => void }) {
  const { t } = useLingui();
  const { api, settings } = useElement();
  const labels = useRequestLabels();
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    requestsApi.listRequests(api).then(
      (data) => live && setLoad({ state: "loaded", data }),
      (failure: unknown) => {
        console.error("agency-settings: the requests could not be loaded", failure);
        if (live) setLoad({ state: "failed" });
      },
    );
    return () => {
      live = false;
    };
    // `round` asks again ('Try again').
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [api, round]);

  if (load.state === "loading") {
    return (
      <p className="settings__muted" role="status">
        <Trans>Loading...</Trans>
      </p>
    );
  }
  if (load.state === "failed") {
    return (
      <div className="settings__actions">
        <FormAlert message={t`Failed to load your requests`} />
        <button type="button" className="ag-button ag-button--secondary" onClick={() => setRound((n) => n + 1)}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  const { data } = load;
  return (
    <>
      <AllowanceSummary allowance={data.allowance} extraTime={data.extraTime} onChange={(extraTime) => setLoad({ state: "loaded", data: { ...data, extraTime } })} />
      {data.entitled ? (
        <NewRequest onFiled={onFiled} />
      ) : (
        <p className="settings__muted">
          <Trans>Requests for content updates and support come with a subscription or package. Once your company has one, every member can send them here.</Trans>{" "}
          <ElementLink to={localizedPath("/pricing", settings.locale)} className="ag-link">
            <Trans>See the plans and packages</Trans>
          </ElementLink>
        </p>
      )}
      <h3 className="requests__subtitle">
        <Trans>Your company's requests</Trans>
      </h3>
      {data.requests.length === 0 ? (
        <p className="settings__muted">
          <Trans>No requests yet.</Trans>
        </p>
      ) : (
        <ul className="requests__list">
          {data.requests.map((request) => {
            const when = formatDateTime(request.lastMessageAt, settings.locale);
            return (
              <li key={request.id} className="requests__item">
                <RequestLink request={request.id} className="ag-link requests__subject">
                  {request.subject}
                </RequestLink>
                <span className="requests__meta">
                  {request.reference} · {labels.kind[request.kind]} · <Trans>last message {when}</Trans>
                </span>
                <span className={`badge requests__status requests__status--${request.status}`}>{labels.status[request.status]}</span>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

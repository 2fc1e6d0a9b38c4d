import "@agency/widgets/agency-settings.js";
import { useLingui } from "@lingui/react/macro";
import { useParams } from "react-router";
import { loadCatalog } from "../../lib/i18n";
import { PageMeta } from "../../lib/page-meta";
import { useLocale } from "../../lib/use-locale";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

loadCatalog({ nl, en });

/**
 * The company's requests for content updates and support (/dashboard/requests), and one of them
 * (/dashboard/requests/{id}, where its mails link): the settings element's requests view. Its links between the list
 * and a request are routed here, so the element stays and shows the other one.
 */
export default function DashboardRequestsPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const { id } = useParams();
  return (
    <>
      <PageMeta
        title={t`Requests`}
        description={t`Your content updates, problems and questions, and the minutes of this month.`}
        locale={locale}
        path={id ? `/dashboard/requests/${id}` : "/dashboard/requests"}
        noindex
      />
      <agency-settings view="requests" request={id} locale={locale} />
    </>
  );
}

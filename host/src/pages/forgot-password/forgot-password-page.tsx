import "@agency/widgets/agency-login.js";
import { useLingui } from "@lingui/react/macro";
import { AuthLayout } from "../../components/auth-layout";
import { loadCatalog } from "../../lib/i18n";
import { PageMeta } from "../../lib/page-meta";
import { useLocale } from "../../lib/use-locale";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

loadCatalog({ nl, en });

/** Forgot password: the element's forgot view (form, then the sent confirmation). */
export default function ForgotPasswordPage() {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <>
      <PageMeta
        title={t`Forgot password`}
        description={t`Request a link to reset your password.`}
        locale={locale}
        path="/forgot-password"
        noindex
      />
      <AuthLayout title={t`Forgot password`}>
        <agency-login view="forgot" locale={locale} />
      </AuthLayout>
    </>
  );
}

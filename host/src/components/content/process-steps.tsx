import { Trans } from "@lingui/react/macro";
import { Steps } from "./blocks";

/** The four steps of the agency's process, on the home and services pages. */
export function ProcessSteps() {
  return (
    <Steps
      items={[
        {
          title: <Trans>Send your request</Trans>,
          text: <Trans>Fill in the free quote form. We reply within 24 hours.</Trans>,
        },
        {
          title: <Trans>Intake call</Trans>,
          text: (
            <Trans>
              We discuss your goals and wishes. You then start a monthly subscription for hosting, maintenance and
              support.
            </Trans>
          ),
        },
        {
          title: <Trans>Build and preview</Trans>,
          text: (
            <Trans>
              We build your website and you follow along in a preview. Revisions are unlimited during development.
            </Trans>
          ),
        },
        {
          title: <Trans>Approve and go live</Trans>,
          text: (
            <Trans>
              After your approval you receive one one-time development invoice and your website goes live. From
              then on, only the monthly fee remains.
            </Trans>
          ),
        },
      ]}
    />
  );
}

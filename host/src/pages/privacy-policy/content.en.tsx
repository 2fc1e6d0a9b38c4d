import { Link } from "react-router";
import { ExternalLink } from "../../components/content/external-link";
import type { LegalContent } from "../../components/content/legal-document";
import { localizedPath } from "../../lib/localized-path";
import { SITE } from "../../lib/site";

const mail = <a href={`mailto:${SITE.email}`}>{SITE.email}</a>;
const newTab = "(opens in a new tab)";

export const content: LegalContent = {
  lastUpdated: "5 November 2025",
  intro: (
    <p>
      {SITE.name} respects your privacy. This privacy policy explains which personal data we process when you visit our
      website, request a quote, create an account or become a customer, why we do so, how long we keep it and which
      rights you have. We process personal data in accordance with the General Data Protection Regulation (GDPR) and
      Dutch law.
    </p>
  ),
  sections: [
    {
      title: "Who we are",
      body: (
        <p>
          {SITE.name} is a web design and development agency based in the Netherlands. We are the controller for the
          processing of personal data described in this policy. For questions about privacy you can reach us at {mail}.
        </p>
      ),
    },
    {
      title: "Which personal data we process",
      body: (
        <>
          <ul>
            <li>
              <strong>Quote and contact requests:</strong> your name, e-mail address, phone number and country code,
              company name, current website and what you tell us about your project (such as the type of project,
              budget, timeline, desired features, domain status, how you heard about us and your message).
            </li>
            <li>
              <strong>Account data:</strong> your name, e-mail address and password. We only store the password as a
              secure hash, never in readable form.
            </li>
            <li>
              <strong>Customer and subscription data:</strong> your package or plan, subscription status, billing period,
              invoices and payment status. Payments are handled by our payment provider; we do not store complete card
              details.
            </li>
            <li>
              <strong>Technical and usage data:</strong> IP address, browser type, pages visited and similar data, as far
              as needed to run and secure the website and, with your consent, for analytics.
            </li>
            <li>
              <strong>Correspondence:</strong> the content of e-mails and other messages you send us.
            </li>
          </ul>
          <p>
            We do not intentionally process special categories of personal data, such as data about health or religion.
            Please do not send us such data.
          </p>
        </>
      ),
    },
    {
      title: "Purposes and legal bases",
      body: (
        <>
          <ul>
            <li>
              Answering your quote or contact request and preparing a quote: steps taken at your request before entering
              into a contract (Article 6(1)(b) GDPR).
            </li>
            <li>
              Performing our agreement with you: building, hosting and maintaining your website, providing your account
              and subscription, support and invoicing (performance of a contract, Article 6(1)(b) GDPR).
            </li>
            <li>
              Meeting legal obligations, such as the tax retention obligation (legal obligation, Article 6(1)(c) GDPR).
            </li>
            <li>
              Securing our website and services and preventing misuse and fraud (legitimate interest, Article 6(1)(f)
              GDPR).
            </li>
            <li>
              Analysing and improving the use of our website with analytics and marketing cookies, only with your consent
              (consent, Article 6(1)(a) GDPR). You can withdraw your consent at any time.
            </li>
          </ul>
          <p>
            We do not make decisions based solely on automated processing, including profiling, that have legal effects
            for you or similarly significantly affect you.
          </p>
        </>
      ),
    },
    {
      title: "Cookies and similar technologies",
      body: (
        <p>
          Our website uses cookies and similar technologies, such as local storage in your browser. Necessary cookies
          are always used; analytics and marketing cookies only with your consent. Our{" "}
          <Link to={localizedPath("/cookie-policy", "en")}>cookie policy</Link> explains which cookies we use, for how
          long, and how you can manage them.
        </p>
      ),
    },
    {
      title: "Who we share your data with",
      body: (
        <>
          <p>
            We do not sell your personal data. We only share it with parties that help us provide our services, such as
            our hosting provider, e-mail provider and payment provider. They process the data on our behalf and only on
            our instructions; we have concluded data processing agreements with them.
          </p>
          <p>We also provide data when the law requires us to, for example to the Dutch Tax Administration.</p>
        </>
      ),
    },
    {
      title: "Transfers outside the European Economic Area",
      body: (
        <p>
          We store your data within the European Economic Area (EEA) wherever possible. If a service provider processes
          data outside the EEA, we only allow this with appropriate safeguards, such as an adequacy decision of the
          European Commission or the European Commission's standard contractual clauses.
        </p>
      ),
    },
    {
      title: "How long we keep your data",
      body: (
        <>
          <p>We do not keep personal data longer than necessary for the purpose for which we collected it:</p>
          <ul>
            <li>Contact form and quote request data: 2 years after our last contact.</li>
            <li>Customer data, including invoices and administration: 7 years, the statutory retention period for tax purposes.</li>
            <li>Analytics data: 14 months.</li>
            <li>
              Account data: as long as your account exists. After you close your account we delete it, except for data we
              must keep as customer data.
            </li>
          </ul>
          <p>When a retention period ends, we delete or anonymise the data.</p>
        </>
      ),
    },
    {
      title: "How we protect your data",
      body: (
        <p>
          We take appropriate technical and organisational measures to protect your personal data against loss and
          unlawful processing. These include encrypted connections (SSL), passwords stored only as hashes, access limited
          to people who need it for their work, regular updates and daily backups. If a data breach nevertheless occurs,
          we act in accordance with the statutory obligation to report data breaches.
        </p>
      ),
    },
    {
      title: "Your rights",
      body: (
        <>
          <p>Under the GDPR you have the right to:</p>
          <ul>
            <li>access the personal data we process about you;</li>
            <li>have incorrect data corrected (rectification);</li>
            <li>have your data erased;</li>
            <li>have the processing restricted;</li>
            <li>receive your data in a structured, commonly used format or have it transferred to another party (data portability);</li>
            <li>object to processing based on our legitimate interest;</li>
            <li>withdraw your consent at any time, without affecting the lawfulness of processing before the withdrawal.</li>
          </ul>
          <p>
            Send your request to {mail}. We answer within 1 month. To make sure we do not give your data to someone else,
            we may ask you to confirm your identity. Exercising your rights is free of charge.
          </p>
        </>
      ),
    },
    {
      title: "Complaints",
      body: (
        <p>
          If you have a complaint about how we handle your personal data, please let us know first so that we can
          resolve it together. You also have the right to lodge a complaint with the Dutch supervisory authority, the{" "}
          <ExternalLink href="https://autoriteitpersoonsgegevens.nl/en" newTabHint={newTab}>
            Autoriteit Persoonsgegevens
          </ExternalLink>
          .
        </p>
      ),
    },
    {
      title: "Changes to this privacy policy",
      body: (
        <p>
          We may change this privacy policy, for example when our services or the law change. The latest version is
          always on this page; the date at the top shows when it was last updated. We will inform you of important
          changes by e-mail or on our website.
        </p>
      ),
    },
    {
      title: "Contact",
      body: (
        <p>
          For questions about this privacy policy or your personal data, contact {SITE.name} at {mail}.
        </p>
      ),
    },
  ],
};

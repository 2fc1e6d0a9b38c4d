import { Link } from "react-router";
import type { LegalContent } from "../../components/content/legal-document";
import { localizedPath } from "../../lib/localized-path";
import { SITE } from "../../lib/site";

const mail = <a href={`mailto:${SITE.email}`}>{SITE.email}</a>;

export const content: LegalContent = {
  lastUpdated: "5 January 2025",
  intro: (
    <p>
      These general terms and conditions apply to all services of {SITE.name}: the design, development, hosting and
      maintenance of websites. Please read them carefully before you place an order.
    </p>
  ),
  sections: [
    {
      title: "Definitions",
      body: (
        <ul>
          <li>
            <strong>Agency:</strong> {SITE.name}, the party that provides the services.
          </li>
          <li>
            <strong>Client:</strong> the natural person or legal entity that enters into an agreement with the Agency.
          </li>
          <li>
            <strong>Agreement:</strong> every agreement between the Agency and the Client, including an accepted quote
            and a hosting and maintenance subscription.
          </li>
          <li>
            <strong>Website:</strong> the website or web application the Agency develops for the Client.
          </li>
          <li>
            <strong>Services:</strong> development, hosting, maintenance and support provided by the Agency.
          </li>
        </ul>
      ),
    },
    {
      title: "Applicability",
      body: (
        <p>
          These terms apply to every quote, offer and agreement of the Agency. Deviations are only valid if agreed in
          writing. General terms of the Client do not apply unless the Agency accepts them in writing. If a provision of
          these terms is void or annulled, the other provisions remain in force.
        </p>
      ),
    },
    {
      title: "Quotes and formation of the agreement",
      body: (
        <p>
          Quotes are free of obligation and valid for 30 days from the date of the quote, unless stated otherwise. The
          agreement is formed when the Client accepts the quote in writing or by e-mail, or when the Agency starts the
          work at the Client's request. Obvious mistakes or errors in a quote do not bind the Agency.
        </p>
      ),
    },
    {
      title: "Prices and payment",
      body: (
        <ul>
          <li>All prices exclude 21% VAT, unless stated otherwise.</li>
          <li>The one-time development fee is invoiced in two parts: 50% when the order is placed and 50% on delivery.</li>
          <li>Monthly fees for hosting, maintenance and support are collected by direct debit at the start of each month.</li>
          <li>The payment term for invoices is 14 days from the invoice date.</li>
          <li>
            If the Client does not pay on time, the Client is in default without a notice of default being required. The
            Agency may then charge the statutory commercial interest and reasonable collection costs, and may suspend its
            services after a written reminder.
          </li>
        </ul>
      ),
    },
    {
      title: "Performance of the work",
      body: (
        <p>
          The Agency performs the agreement to the best of its knowledge and ability and in accordance with good
          craftsmanship. The Client supplies all information, texts and images the Agency needs in good time. Delivery
          times are estimates, not strict deadlines, unless expressly agreed otherwise; a delay caused by late delivery
          of content or feedback by the Client extends the delivery time accordingly. The Agency may engage third parties
          to perform the agreement.
        </p>
      ),
    },
    {
      title: "Delivery, feedback and acceptance",
      body: (
        <p>
          After delivery, the Client has 7 days to review the website and send feedback. The Agency processes justified
          feedback within the agreed scope. If the Client has not sent feedback within 7 days after delivery, or puts the
          website into use, the website is deemed accepted.
        </p>
      ),
    },
    {
      title: "Warranty and bug fixing",
      body: (
        <p>
          Bugs the Client reports within 30 days after delivery are fixed free of charge. A bug is a reproducible error
          through which the website does not work as agreed. Changes, new features and problems caused by changes made by
          the Client or third parties are not bugs; the Agency may charge for that work at its usual rates.
        </p>
      ),
    },
    {
      title: "Hosting, maintenance and support",
      body: (
        <p>
          The Agency aims for an uptime of 99.9%, excluding announced maintenance and disruptions outside its control,
          such as failures of internet or energy providers. This aim is an obligation to make reasonable efforts, not a
          guarantee of result. Maintenance includes security updates, automatic updates, daily backups and the content
          updates included in the Client's package. The Agency aims to answer support questions within 24 hours.
        </p>
      ),
    },
    {
      title: "Term and termination",
      body: (
        <ul>
          <li>A hosting and maintenance agreement has a minimum term of 12 months.</li>
          <li>
            After the minimum term the agreement continues for an indefinite period and can be cancelled monthly with 1
            month notice.
          </li>
          <li>
            If the Client terminates the agreement before the end of the minimum term, the fees for the remaining months
            of the minimum term become due at once.
          </li>
          <li>
            Either party may terminate the agreement with immediate effect if the other party is declared bankrupt, is
            granted a suspension of payments, or seriously fails to meet its obligations after a written notice of
            default with a reasonable period to remedy.
          </li>
          <li>
            When the agreement ends, the Agency stops hosting the website. At the Client's request, and once all invoices
            have been paid, the Agency cooperates in moving the website to another provider.
          </li>
        </ul>
      ),
    },
    {
      title: "Intellectual property",
      body: (
        <p>
          Once all invoices have been paid, the Client owns the website, including the design and content made
          specifically for the Client. The Agency keeps the intellectual property rights to its platform, software,
          tools, templates and know-how; the Client receives a non-exclusive right to use them as far as the website
          needs them. The Agency may show the website in its portfolio unless the Client objects in writing.
        </p>
      ),
    },
    {
      title: "Obligations of the Client",
      body: (
        <p>
          The Client is responsible for the content it supplies or places on the website and guarantees that this
          content does not infringe the rights of third parties and is not unlawful. The Client indemnifies the Agency
          against claims of third parties concerning that content. The Client keeps login details confidential and
          informs the Agency immediately of any misuse.
        </p>
      ),
    },
    {
      title: "Liability",
      body: (
        <p>
          The Agency's liability is limited to direct damage and to a maximum of €5,000 per event or series of related
          events. The Agency is not liable for indirect damage, including consequential damage, lost profit, lost
          savings, loss of data and damage due to business interruption, nor for failures caused by force majeure. These
          limitations do not apply if the damage is caused by intent or deliberate recklessness of the Agency's
          management.
        </p>
      ),
    },
    {
      title: "Privacy and confidentiality",
      body: (
        <p>
          Both parties keep confidential the information they receive from each other. The Agency processes personal
          data in accordance with the GDPR and its{" "}
          <Link to={localizedPath("/privacy-policy", "en")}>privacy policy</Link>. Where the Agency processes personal
          data on behalf of the Client, such as data of visitors to the Client's website, the parties conclude a data
          processing agreement.
        </p>
      ),
    },
    {
      title: "Applicable law and disputes",
      body: (
        <p>
          These terms and all agreements with the Agency are governed by Dutch law. The parties first try to resolve a
          dispute through consultation. Disputes that cannot be resolved that way are submitted to the competent court in
          the district where the Agency is established.
        </p>
      ),
    },
  ],
  contact: {
    title: "Contact",
    body: (
      <p>
        Questions about these terms and conditions? Contact {SITE.name} at {mail}.
      </p>
    ),
  },
};

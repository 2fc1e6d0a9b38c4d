import { TEAM_ROLE_LABELS, formatDate, type Locale, type TeamRole } from "@agency/contract";
import { i18nFor, say } from "../i18n";
import type { SecurityAction } from "../teams/security-log";
import { invitationLink, pageLink, type MailSite } from "./links";
import { defineMail, SAMPLE_TOKEN } from "./registry";
import { greeting } from "./templates";

/**
 * The mails about a company's members, nl and en (src/locales): the invitation, and the notice to the owner of every
 * change of membership. The invitation goes to an address nobody has proven yet, so it greets without a name; it
 * names the company and the inviter (both single lines of text, shown as text) with the inviter's verified address,
 * so the reader can tell who asked.
 */
const m = {
  inviteSubject: /*i18n*/ { id: "mail.team_invite.subject", message: "You are invited to join {company}" },
  inviteIntro: /*i18n*/ {
    id: "mail.team_invite.intro",
    message: "{inviter} ({inviterEmail}) invites you to join {company} on our customer portal, as {role}.",
  },
  inviteAction: /*i18n*/ {
    id: "mail.team_invite.action",
    message: "Open this link to see the invitation, then create an account or log in with this e-mail address to accept it:",
  },
  inviteFooter: /*i18n*/ {
    id: "mail.team_invite.footer",
    message: "The link works once, until {date}. If you do not know this person or company, you can ignore this e-mail.",
  },
  changeSubject: /*i18n*/ { id: "mail.team_change.subject", message: "A change in the members of {company}" },
  changeFooter: /*i18n*/ {
    id: "mail.team_change.footer",
    message: "See your company's members under Team in your settings: {manageUrl}. If you did not expect this change, check it there.",
  },
};

/** One sentence per change; `{actor}` did it, `{member}` is who it is about. */
const changes: Record<SecurityAction, { id: string; message: string }> = {
  "team.invited": /*i18n*/ { id: "mail.team_change.invited", message: "{actor} invited {member} to join as {role}." },
  "team.invitation_revoked": /*i18n*/ { id: "mail.team_change.invitation_revoked", message: "{actor} withdrew the invitation to {member}." },
  "team.joined": /*i18n*/ { id: "mail.team_change.joined", message: "{member} accepted the invitation and joined as {role}." },
  "team.role_changed": /*i18n*/ { id: "mail.team_change.role_changed", message: "{actor} changed the role of {member} from {fromRole} to {role}." },
  "team.removed": /*i18n*/ { id: "mail.team_change.removed", message: "{actor} removed {member} from the company." },
  "team.left": /*i18n*/ { id: "mail.team_change.left", message: "{member} left the company." },
  "team.ownership_transferred": /*i18n*/ {
    id: "mail.team_change.ownership_transferred",
    message: "{actor} handed ownership of the company over to {member}, who is its owner now.",
  },
  "team.account_deleted": /*i18n*/ { id: "mail.team_change.account_deleted", message: "{member} deleted their account and is no longer a member." },
};

export const roleLabel = (locale: Locale, role: TeamRole): string => i18nFor(locale)._(TEAM_ROLE_LABELS[role]);

/** An invitation: `link` is made with invitationLink (links.ts) in the mail's language. */
export const invitationMail = defineMail<{ company: string; inviter: string; inviterEmail: string; role: TeamRole; link: string; expiresAt: Date }>({
  name: "team.invitation",
  render: (locale, d) => {
    const values = { company: d.company, inviter: d.inviter, inviterEmail: d.inviterEmail, role: roleLabel(locale, d.role) };
    return {
      subject: say(locale, m.inviteSubject, values),
      text: [
        greeting(locale, undefined),
        "",
        say(locale, m.inviteIntro, values),
        "",
        say(locale, m.inviteAction),
        "",
        d.link,
        "",
        say(locale, m.inviteFooter, { date: formatDate(d.expiresAt, locale) }),
      ].join("\n"),
    };
  },
  samples: (site, locale) => [
    {
      company: "Bakkerij de Vries",
      inviter: "Eva de Vries",
      inviterEmail: "eva@example.com",
      role: "member",
      link: invitationLink(site, SAMPLE_TOKEN, locale),
      expiresAt: new Date("2026-03-12T10:30:00Z"),
    },
  ],
});

export interface TeamChangeData {
  ownerName: string;
  company: string;
  action: SecurityAction;
  actor: string;
  member: string;
  role?: TeamRole;
  fromRole?: TeamRole;
  /** The site the owner's settings are on. */
  site: MailSite;
}

/** To the owner (and whoever else the change concerns): what changed, and where the members are managed. */
export const teamChangeMail = defineMail<TeamChangeData>({
  name: "team.change",
  render: (locale, d) => {
    const values = {
      actor: d.actor,
      member: d.member,
      role: d.role ? roleLabel(locale, d.role) : "",
      fromRole: d.fromRole ? roleLabel(locale, d.fromRole) : "",
    };
    const manageUrl = pageLink(d.site, "/dashboard/settings", locale);
    return {
      subject: say(locale, m.changeSubject, { company: d.company }),
      text: [greeting(locale, d.ownerName), "", say(locale, changes[d.action], values), "", say(locale, m.changeFooter, { manageUrl })].join("\n"),
    };
  },
  samples: (site) =>
    (Object.keys(changes) as SecurityAction[]).map((action) => ({
      ownerName: "Eva",
      company: "Bakkerij de Vries",
      action,
      actor: "Eva",
      member: "Sam Jansen (sam@example.com)",
      role: "admin",
      fromRole: "member",
      site,
    })),
});

/** What the team routes say besides errors (those are the contract's), in src/locales. */
export const teamTexts = {
  invitationRevoked: /*i18n*/ { id: "team.invitation_revoked", message: "The invitation to {email} has been withdrawn." },
  memberRemoved: /*i18n*/ { id: "team.member_removed", message: "{name} is no longer a member of your company." },
  ownershipTransferred: /*i18n*/ { id: "team.ownership_transferred", message: "{name} is now the owner of your company. You are an admin." },
};

import { roleCan } from "@agency/contract";
import { findUserByEmail } from "../accounts/repository";
import type { Db } from "../db/db";
import { ApiError } from "../lib/api-error";
import { membershipOf } from "../teams/repository";

/**
 * Who may order a package for a company: an offer goes to an e-mail address, and the company it is for is the company
 * of that address's account. Only its owner or a billing member (`billing.manage`) may buy for it, as in the portal; an
 * address of an admin or a plain member, or of someone who left the company an upgrade was made for, is refused. An
 * address without an account orders for a company made with the order.
 * @returns the company the order is for (null: one is made with the order), or `problem`
 */
export async function buyingCompany(db: Db, email: string, offerCompanyId: string | null): Promise<{ companyId: string | null } | { problem: ApiError }> {
  const user = await findUserByEmail(db, email);
  const team = user ? await membershipOf(db, user.id) : null;
  const problem = { problem: new ApiError(403, "offers.not_buyer") };
  if (!team) return offerCompanyId ? problem : { companyId: null };
  if (offerCompanyId && team.id !== offerCompanyId) return problem;
  return roleCan(team.role, "billing.manage") ? { companyId: team.id } : problem;
}

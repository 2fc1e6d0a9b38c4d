import type { AuthResponse } from "@agency/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { publicUser, type UserRow } from "../accounts/store";
import { deviceOf } from "./device";

/**
 * Signs a user in on the device that asks, whichever way they proved who they are (a password, a passkey): the one
 * place a customer's session begins after a sign-in, so what has to happen then happens for every way in.
 */
export async function startSession(app: FastifyInstance, request: FastifyRequest, user: UserRow): Promise<AuthResponse> {
  const token = await app.sessions.create(user.id, deviceOf(request.headers["user-agent"]));
  return { user: publicUser(user), token };
}

import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import argon2 from "argon2";
import { ApiError } from "./api-error";

/** 32 random bytes (256 bits) as base64url: session and reset tokens. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are stored only as this hash. A fast hash is right here: the input already has 256 bits of entropy. */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function hmac(secret: string, value: string): string {
  return createHmac("sha256", secret).update(value).digest("hex");
}

/**
 * Whether an Authorization header is `Bearer <token>`. Compares digests: equal length, so timingSafeEqual never
 * throws and the time taken says nothing about the token.
 */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(authorization ?? "")?.[1] ?? "";
  return timingSafeEqual(Buffer.from(sha256(given), "hex"), Buffer.from(sha256(token), "hex"));
}

/** OWASP Password Storage Cheat Sheet, argon2id option 2: m=19 MiB, t=2, p=1. */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Seconds a caller refused by a full or slow password-hash queue is told to wait (Retry-After). */
export const PASSWORD_HASH_RETRY_AFTER = 5;

/** A password hash refused for lack of room: the queue is full, or the job waited past its deadline. 503 auth.busy. */
function passwordHashBusy(why: string): ApiError {
  return new ApiError(503, "auth.busy", `password hash refused: ${why}`, { retryAfter: PASSWORD_HASH_RETRY_AFTER });
}

export interface QueueLimits {
  /** Tasks that may wait in line at once; one more is refused at once. Default: no limit. */
  capacity?: number;
  /** A task that has waited this long for its turn is refused instead of run. Default: no limit. */
  timeoutMs?: number;
  /** The error a refused task rejects with. */
  refuse?: (why: string) => Error;
}

/**
 * Runs at most `max` tasks at once; the others wait in line, first come first served, at most `capacity` of them and
 * each for at most `timeoutMs`: a flood is refused early instead of queueing without bound in front of real users.
 */
export function createQueue(max: number, limits: QueueLimits = {}): <T>(task: () => Promise<T>) => Promise<T> {
  const { capacity = Infinity, timeoutMs, refuse = (why) => new Error(why) } = limits;
  let running = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    // The slot passes straight to the next in line, so `running` never exceeds `max`.
    const first = waiting.shift();
    if (first) first();
    else running--;
  };
  return async (task) => {
    if (running >= max) {
      if (waiting.length >= capacity) throw refuse(`the queue is full (${capacity} waiting)`);
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer =
          timeoutMs === undefined
            ? undefined
            : setTimeout(() => {
                waiting.splice(waiting.indexOf(turn), 1);
                reject(refuse(`waited ${timeoutMs} ms in line`));
              }, timeoutMs);
        waiting.push(turn);
      });
    } else running++;
    try {
      return await task();
    } finally {
      next();
    }
  };
}

let argon2Queue = createQueue(2);
/**
 * How many Argon2 hashes and checks run at once in this process (each takes ~19 MiB and a core for a while), how
 * many may wait, and how long: a flood of logins or sign-ups queues up to a point instead of exhausting memory,
 * then is refused with 503 auth.busy. Set from the PASSWORD_HASH_* settings at start.
 */
export function setPasswordHashLimits(limits: { concurrency: number; queue?: number; timeoutMs?: number }): void {
  argon2Queue = createQueue(limits.concurrency, { capacity: limits.queue, timeoutMs: limits.timeoutMs, refuse: passwordHashBusy });
}

export function hashPassword(password: string): Promise<string> {
  return argon2Queue(() => argon2.hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2Queue(() => argon2.verify(hash, password));
  } catch (error) {
    // A refused check is not a wrong password: the caller answers 503 and the client tries again.
    if (error instanceof ApiError) throw error;
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Verifies against a throwaway hash so a login or reset for an unknown e-mail takes as long as one for a known
 * e-mail; otherwise the response time tells which addresses have accounts.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  // A refused first hash (a busy queue) must not stay the answer for good: the next call tries again.
  dummyHash ??= hashPassword(randomToken()).catch((error: unknown) => {
    dummyHash = undefined;
    throw error;
  });
  await verifyPassword(await dummyHash, password);
}

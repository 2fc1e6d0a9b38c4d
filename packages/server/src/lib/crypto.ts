import { createHash, createHmac, randomBytes } from "node:crypto";
import argon2 from "argon2";

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

/** OWASP Password Storage Cheat Sheet, argon2id option 2: m=19 MiB, t=2, p=1. */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Runs at most `max` tasks at once; the others wait in line, first come first served. */
export function createQueue(max: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so `running` never exceeds `max`.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

let argon2Queue = createQueue(2);
/**
 * How many Argon2 hashes and checks run at once in this process (each takes ~19 MiB and a core for a while): a flood
 * of logins or sign-ups then queues up instead of exhausting memory. Set from PASSWORD_HASH_CONCURRENCY at start.
 */
export function setPasswordHashConcurrency(max: number): void {
  argon2Queue = createQueue(max);
}

export function hashPassword(password: string): Promise<string> {
  return argon2Queue(() => argon2.hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2Queue(() => argon2.verify(hash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Verifies against a throwaway hash so a login or reset for an unknown e-mail takes as long as one for a known
 * e-mail; otherwise the response time tells which addresses have accounts.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomToken());
  await verifyPassword(await dummyHash, password);
}

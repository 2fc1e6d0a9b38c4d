import { createHash } from "node:crypto";
import type { Locale, PlansResponse } from "@agency/contract";
import { PlansResponseSchema } from "@agency/contract/schemas";
import { assertMatches } from "../plugins/response-validation";

/** One language's answer, serialised once and checked against the contract's schema when it was made. */
export interface PlansAnswer {
  json: string;
  /** Weak: the same answer may go out compressed or not. */
  etag: string;
}

/** How long an instance serves an answer before it asks the database again; also the answer's browser max-age. */
export const PLANS_TTL_SECONDS = 60;

/**
 * The plans on sale, per language, in memory. The pricing table on every page asks for them, and they change
 * rarely (an operator edits the plans tables), so each instance reads them at most once a minute per language
 * instead of on every request. A change made through this process calls `invalidate()`; one made elsewhere (SQL,
 * another instance) shows within the minute.
 */
export class PlansCache {
  private readonly answers = new Map<Locale, { answer: PlansAnswer; expiresAt: number }>();
  /** Concurrent misses share one database read. */
  private readonly loading = new Map<Locale, Promise<PlansAnswer>>();
  private generation = 0;

  constructor(
    private readonly load: (locale: Locale) => Promise<PlansResponse>,
    private readonly ttlMs = PLANS_TTL_SECONDS * 1000,
    private readonly now: () => number = Date.now,
  ) {}

  async get(locale: Locale): Promise<PlansAnswer> {
    const cached = this.answers.get(locale);
    if (cached && cached.expiresAt > this.now()) return cached.answer;
    let pending = this.loading.get(locale);
    if (!pending) {
      pending = this.fetch(locale);
      this.loading.set(locale, pending);
    }
    return pending;
  }

  /** Forgets every answer: the next request reads the plans again. */
  invalidate(): void {
    this.generation++;
    this.answers.clear();
    this.loading.clear();
  }

  private async fetch(locale: Locale): Promise<PlansAnswer> {
    const generation = this.generation;
    try {
      const answer = await this.load(locale);
      assertMatches(PlansResponseSchema, answer, "The plans answer");
      const json = JSON.stringify(answer);
      const result = { json, etag: `W/"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"` };
      // A read that started before an invalidation may hold the old plans: answer it, but do not keep it.
      if (generation === this.generation) this.answers.set(locale, { answer: result, expiresAt: this.now() + this.ttlMs });
      return result;
    } finally {
      if (generation === this.generation) this.loading.delete(locale);
    }
  }
}

/** True when the request's If-None-Match names `etag` (weak comparison, as for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

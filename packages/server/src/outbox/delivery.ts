import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/db";
import { afterFailure, DEFAULT_MAX_ATTEMPTS } from "./backoff";
import {
  claimDueItems,
  expireOverdueItems,
  insertOutboxItem,
  markItemFailed,
  markItemSent,
  scheduleRetry,
  type NewOutboxItem,
  type OutboxItem,
} from "./repository";

/** How one kind of item leaves the server. A channel throws when the attempt failed; the outbox retries it. */
export interface OutboxChannel<P = unknown> {
  deliver(payload: P, item: OutboxItem<P>): Promise<void>;
  /** Who it goes to, as a log line may say it (an address masked, a host name), never the payload itself. */
  describe(payload: P): string;
}

/** Runs in the transaction that records an item as delivered (e.g. marks the quote request notified). */
export type DeliveredHook = (tx: Db, item: OutboxItem) => Promise<void>;
/** Runs once an item is given up (its attempts spent, or its give-up time passed), after it is marked failed. */
export type GivenUpHook = (item: OutboxItem) => void;

/**
 * An attempt still running when its lease ends may be taken over by another instance; the lease is longer than any
 * channel's own timeouts (SMTP's are seconds), so that only happens to an instance that died mid-attempt.
 */
export const LEASE_SECONDS = 120;
/** Items claimed per round; a run goes on until nothing is due. */
const BATCH = 20;

type Log = Pick<FastifyBaseLogger, "info" | "warn" | "error">;

export interface EnqueueOptions extends Omit<NewOutboxItem, "maxAttempts"> {
  maxAttempts?: number;
}

export interface Outbox {
  /** Queues an item in `db` (the caller's transaction); returns its id for `deliverSoon`. */
  enqueue(db: Db, item: EnqueueOptions): Promise<number>;
  /**
   * Attempts due items now (with `ids`, only those): claimed once across instances, retried with backoff when an
   * attempt fails, marked failed and logged at error level after the last one.
   * @returns how many were delivered
   */
  deliver(ids?: number[]): Promise<number>;
  addChannel<P>(name: string, channel: OutboxChannel<P>): void;
  onDelivered(topic: string, hook: DeliveredHook): void;
  onGivenUp(topic: string, hook: GivenUpHook): void;
}

export function createOutbox({ db, log }: { db: Db; log: Log }): Outbox {
  const channels = new Map<string, OutboxChannel>();
  const hooks = new Map<string, DeliveredHook>();
  const givenUpHooks = new Map<string, GivenUpHook>();

  /** What a log line says about an item: never its payload, the recipient only as the channel masks it. */
  const about = (item: OutboxItem) => ({
    outboxId: item.id,
    channel: item.channel,
    topic: item.topic,
    attempt: item.attempts,
    to: channels.get(item.channel)?.describe(item.payload) ?? "?",
  });

  async function attempt(item: OutboxItem): Promise<boolean> {
    try {
      await channels.get(item.channel)!.deliver(item.payload, item);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const next = afterFailure({ attempts: item.attempts, maxAttempts: item.max_attempts, giveUpAt: item.give_up_at && new Date(item.give_up_at) });
      if ("giveUp" in next) {
        await markItemFailed(db, item.id, message);
        log.error({ ...about(item), err: message }, "outbox: delivery failed for good; given up");
        givenUpHooks.get(item.topic)?.(item);
      } else {
        await scheduleRetry(db, item.id, next.retryAt, message);
        log.warn({ ...about(item), err: message, retryAt: next.retryAt.toISOString() }, "outbox: delivery failed; will retry");
      }
      return false;
    }
    await db.transaction(async (tx) => {
      await markItemSent(tx, item.id);
      await hooks.get(item.topic)?.(tx, item);
    });
    log.info(about(item), "outbox: delivered");
    return true;
  }

  return {
    enqueue: (tx, item) => insertOutboxItem(tx, { ...item, maxAttempts: item.maxAttempts ?? DEFAULT_MAX_ATTEMPTS }),

    async deliver(ids) {
      if (ids && ids.length === 0) return 0;
      if (!ids) {
        for (const item of await expireOverdueItems(db)) {
          log.error(about(item), "outbox: not delivered before its give-up time; given up");
          givenUpHooks.get(item.topic)?.(item);
        }
      }
      let delivered = 0;
      for (;;) {
        const items = await claimDueItems(db, { channels: [...channels.keys()], leaseSeconds: LEASE_SECONDS, limit: BATCH, ids });
        for (const item of items) if (await attempt(item)) delivered++;
        if (ids || items.length < BATCH) return delivered;
      }
    },

    addChannel(name, channel) {
      channels.set(name, channel as OutboxChannel);
    },
    onDelivered(topic, hook) {
      hooks.set(topic, hook);
    },
    onGivenUp(topic, hook) {
      givenUpHooks.set(topic, hook);
    },
  };
}

import { readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { deleteExpiredSignInAttempts } from "../accounts/second-factor-repository";
import { deleteExpiredSignInAlerts, deleteForgottenDevices } from "../accounts/sign-in-alerts";
import { deleteForgottenStaffDevices } from "../desk/staff-devices-repository";
import { deleteExpiredResets } from "../accounts/repository";
import { deleteExpiredVerifications } from "../accounts/verifications";
import { deleteExpiredConsentRecords } from "../consent/repository";
import { deleteExpiredContactRequests } from "../contact/repository";
import type { Db } from "../db/db";
import { deleteOldLoginFailures, deleteOldRateEvents } from "../lib/throttle";
import { deleteFinishedItems } from "../outbox/repository";
import { deleteExpiredSessions } from "../sessions/repository";
import { deleteExpiredStaffSessions } from "../desk/staff-sessions";
import { DESK_IDLE_MINUTES } from "@agency/contract";
import { withJobLock } from "./job-lock";

/** Name of the job's advisory lock. */
export const RETENTION_JOB = "retention";

/** Mail written to the development outbox (DATA_DIR/outbox/*.eml) is deleted after this many days. */
export const OUTBOX_RETENTION_DAYS = 30;

export interface RetentionResult {
  contactRequests: number;
  consentRecords: number;
  sessions: number;
  staffSessions: number;
  passwordResets: number;
  emailVerifications: number;
  rateEvents: number;
  loginFailures: number;
  signInAttempts: number;
  signInAlerts: number;
  knownDevices: number;
  staffDevices: number;
  outboxItems: number;
  outboxMails: number;
}

export interface RetentionOptions {
  /** Sessions unused this long are deleted (SESSION_IDLE_DAYS); default: only those past their absolute end. */
  sessionIdleSeconds?: number;
  /** The mail outbox folder, when mail goes there (no SMTP_URL). */
  outboxDir?: string;
  now?: Date;
}

/**
 * What the privacy policy promises: quote requests are kept 2 years after the last contact, consent records 2
 * years, mails in the development outbox (they hold names, addresses and reset links) 30 days. Expired or idle
 * sessions and expired reset and verification links have no further use, rate-limit events (and the failed logins
 * the previous release recorded) only matter inside their window, and outbox items delivered or given up are kept
 * 30 days (to see what was sent), then deleted. Half-finished sign-ins and the links of new-sign-in alerts go when
 * they expire, and a browser unseen for longer than its device cookie lives is forgotten.
 *
 * One instance at a time runs it (an advisory lock); the others skip the run.
 * @returns what was deleted, or null when another instance was running it
 */
export async function runRetention(db: Db, options: RetentionOptions = {}): Promise<RetentionResult | null> {
  return withJobLock(db, RETENTION_JOB, async (tx) => ({
    contactRequests: await deleteExpiredContactRequests(tx),
    consentRecords: await deleteExpiredConsentRecords(tx),
    sessions: await deleteExpiredSessions(tx, options.sessionIdleSeconds),
    staffSessions: await deleteExpiredStaffSessions(tx, DESK_IDLE_MINUTES * 60),
    passwordResets: await deleteExpiredResets(tx),
    emailVerifications: await deleteExpiredVerifications(tx),
    rateEvents: await deleteOldRateEvents(tx),
    loginFailures: await deleteOldLoginFailures(tx),
    signInAttempts: await deleteExpiredSignInAttempts(tx),
    signInAlerts: await deleteExpiredSignInAlerts(tx),
    knownDevices: await deleteForgottenDevices(tx),
    staffDevices: await deleteForgottenStaffDevices(tx),
    outboxItems: await deleteFinishedItems(tx),
    outboxMails: options.outboxDir ? await deleteOldOutboxMails(options.outboxDir, options.now ?? new Date()) : 0,
  }));
}

/** Deletes .eml files of the outbox older than OUTBOX_RETENTION_DAYS; a missing folder is an empty one. */
async function deleteOldOutboxMails(dir: string, now: Date): Promise<number> {
  const cutoff = now.getTime() - OUTBOX_RETENTION_DAYS * 24 * 60 * 60 * 1000;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let deleted = 0;
  for (const name of names.filter((n) => n.endsWith(".eml"))) {
    const file = path.join(dir, name);
    if ((await stat(file)).mtimeMs < cutoff) {
      await unlink(file);
      deleted++;
    }
  }
  return deleted;
}

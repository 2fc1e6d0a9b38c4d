import type { ConsentRecordPayload } from "@agency/contract";
import { countDeleted, type Db } from "../db/db";

/**
 * Proof of cookie consent: what was chosen, when, under which banner version, whether the browser sent Global Privacy
 * Control, and a keyed hash of the IP.
 */
export async function insertConsentRecord(db: Db, record: ConsentRecordPayload, ipHash: string): Promise<void> {
  await db.query(
    `INSERT INTO consent_records (consent_id, necessary, analytics, marketing, version, client_timestamp, ip_hash, gpc)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [record.id, record.necessary, record.analytics, record.marketing, record.version, new Date(record.timestamp), ipHash, record.gpc === true],
  );
}

export interface ConsentRecordRow {
  consent_id: string;
  necessary: boolean;
  analytics: boolean;
  marketing: boolean;
  version: number;
  gpc: boolean;
  client_timestamp: Date;
  created_at: Date;
}

/** The choices recorded under one banner id, oldest first; the IP hash stays out (it identifies nobody by itself). */
export async function consentRecordsById(db: Db, consentId: string): Promise<ConsentRecordRow[]> {
  const { rows } = await db.query<ConsentRecordRow>(
    `SELECT consent_id, necessary, analytics, marketing, version, gpc, client_timestamp, created_at
       FROM consent_records WHERE consent_id = $1 ORDER BY id`,
    [consentId],
  );
  return rows;
}

/** Consent records are proof of a choice; after 2 years the banner has long asked again, so they are deleted. */
export async function deleteExpiredConsentRecords(db: Db): Promise<number> {
  return countDeleted(db, "DELETE FROM consent_records WHERE created_at < now() - interval '2 years'");
}

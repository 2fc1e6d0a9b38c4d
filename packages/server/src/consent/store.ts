import type { ConsentRecordPayload } from "@agency/contract";
import type { Db } from "../db/db";

/** Proof of cookie consent: what was chosen, when, under which banner version, and a keyed hash of the IP. */
export async function insertConsentRecord(db: Db, record: ConsentRecordPayload, ipHash: string): Promise<void> {
  await db.query(
    `INSERT INTO consent_records (consent_id, necessary, analytics, marketing, version, client_timestamp, ip_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [record.id, record.necessary, record.analytics, record.marketing, record.version, new Date(record.timestamp), ipHash],
  );
}

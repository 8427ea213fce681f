/**
 * The money-laundering monitoring module's tables (./migrations/0020-aml.ts; docs/decisions/043):
 * its own cursor over the money events' outbox, the alerts its rules raise, the cases staff open
 * from them and every step of a case. Part of `DB` in db/schema.ts; row types never leave the server.
 */
export interface AmlTables {
  aml_cursor: AmlCursorTable;
  aml_alerts: AmlAlertsTable;
  aml_cases: AmlCasesTable;
  aml_case_events: AmlCaseEventsTable;
}

export interface AmlCursorTable {
  /** `outbox`: one row. */
  name: string;
  /** The last outbox sequence whose events were evaluated (their alerts committed with it). */
  last_sequence: number;
  updated_at: number;
}

export type AmlRule =
  | 'large_transaction'
  | 'structuring'
  | 'stake_little'
  | 'rapid_in_out'
  | 'shared_payout_phone';
export type AmlSeverity = 'medium' | 'high';

export interface AmlAlertsTable {
  id: string;
  /** Unique: `<rule>:<subject>`, so evaluating an event again raises nothing new. */
  dedupe_key: string;
  rule: AmlRule;
  severity: AmlSeverity;
  user_id: string;
  /** JSON array of wallet transaction ids. */
  transactions: string;
  /** JSON: the rule's figures (integer cents, counts, windows, thresholds). */
  figures: string;
  /** The outbox event that raised it. */
  event_sequence: number;
  /** When the pattern happened (the event's time), epoch ms. */
  occurred_at: number;
  created_at: number;
}

export type AmlCaseStatus = 'open' | 'reviewing' | 'reported' | 'dismissed';

export interface AmlCasesTable {
  id: string;
  /** One case per alert. */
  alert_id: string;
  user_id: string;
  severity: AmlSeverity;
  status: AmlCaseStatus;
  opened_by: string;
  opened_at: number;
  reviewed_by: string | null;
  reviewed_at: number | null;
  closed_by: string | null;
  closed_at: number | null;
  updated_at: number;
}

/** Every step of a case: who (staff user id), when, why. The case's audit trail. */
export interface AmlCaseEventsTable {
  id: string;
  case_id: string;
  from_status: AmlCaseStatus | null;
  to_status: AmlCaseStatus | null;
  /** `open`, `review`, `report`, `dismiss`, `goaml_export`, `refused_four_eyes`. */
  action: string;
  actor: string;
  reason: string;
  created_at: number;
}

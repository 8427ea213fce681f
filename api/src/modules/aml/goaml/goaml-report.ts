/**
 * The goAML XML of a case (docs/decisions/043-money-laundering-monitoring.md): a
 * suspicious-transaction report (STR) or a cash/threshold-transaction report (CTR) in the goAML
 * standard's report structure, declaring the schema it follows (./goaml-report.xsd, shipped here
 * and validated against in api/test/modules/aml/goaml.test.ts). Built with xmlbuilder2 (escaping, order).
 * Times are Kenyan local times (goAML's dateTime has no offset), amounts KES with two decimals.
 */
import { centsToDecimal } from '@mchezo/contracts/money';
import { create } from 'xmlbuilder2';
import { eatIso } from '../../../lib/time.js';
import type { AmlConfig } from '../aml.config.js';

/** The file name the report declares as its schema (xsi:noNamespaceSchemaLocation). */
export const GOAML_SCHEMA_FILE = 'goaml-report.xsd';

/**
 * The FRC's lookup codes this report uses, in one place: mobile money is an electronic transfer
 * (transmode), funds held as mobile money (funds), a private mobile phone (contact, communication).
 */
const CODES = {
  transmode: 'MOBILE_MONEY',
  funds: 'MOBILE_MONEY',
  contact: 'PRIVATE',
  communication: 'MOBILE',
  country: 'KE',
} as const;

const LOCATION = 'Mchezo online betting wallet (M-Pesa)';

export interface GoamlTransaction {
  id: string;
  type: 'deposit' | 'withdrawal';
  amount: number;
  currency: string;
  phone_number: string;
  provider: string;
  provider_ref: string | null;
  at: number;
}

export interface GoamlPlayer {
  phone: string;
  user_full_name: string | null;
  identity_full_name: string | null;
  date_of_birth: string | null;
  document_type: string | null;
  document_number: string | null;
}

export interface GoamlInput {
  type: 'STR' | 'CTR';
  caseId: string;
  submittedAt: number;
  reason: string;
  action: string;
  player: GoamlPlayer;
  transactions: GoamlTransaction[];
}

type GoamlConfig = Pick<
  AmlConfig,
  | 'GOAML_RENTITY_ID'
  | 'GOAML_RENTITY_BRANCH'
  | 'GOAML_REPORTING_PERSON_FIRST_NAME'
  | 'GOAML_REPORTING_PERSON_LAST_NAME'
  | 'GOAML_REPORTING_PERSON_EMAIL'
  | 'GOAML_REPORTING_PERSON_OCCUPATION'
>;

/** goAML's dateTime: Kenyan local time, no offset. */
const goamlDate = (ms: number) => eatIso(ms).slice(0, 19);

/** A Kenyan E.164 phone as goAML's prefix and number. */
function phoneOf(e164: string) {
  const digits = e164.replace(/^\+/, '');
  const local = digits.startsWith('254') ? digits.slice(3) : digits;
  return {
    tph_contact_type: CODES.contact,
    tph_communication_type: CODES.communication,
    ...(digits.startsWith('254') ? { tph_country_prefix: '254' } : {}),
    tph_number: local,
  };
}

/** The player as a goAML person: names from the confirmed identity, the phones given. */
function personOf(player: GoamlPlayer, phones: string[]) {
  const name = (player.identity_full_name ?? player.user_full_name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = name[0] ?? 'UNKNOWN';
  const last = name.length > 1 ? name.slice(1).join(' ') : 'UNKNOWN';
  return {
    first_name: first,
    last_name: last,
    ...(player.date_of_birth ? { birthdate: `${player.date_of_birth}T00:00:00` } : {}),
    ...(player.document_type === 'passport' && player.document_number
      ? { passport_number: player.document_number }
      : {}),
    ...(player.document_type && player.document_type !== 'passport' && player.document_number
      ? { id_number: player.document_number }
      : {}),
    // A Kenyan national ID says the nationality; a passport or an alien ID (a foreign resident) does not.
    ...(player.document_type === 'national_id' ? { nationality1: CODES.country } : {}),
    residence: CODES.country,
    phones: { phone: [...new Set(phones)].map(phoneOf) },
  };
}

function transactionOf(tx: GoamlTransaction, player: GoamlPlayer) {
  // The wallet account is the reporting entity's client; the phone is the money's other end.
  const wallet = personOf(player, [player.phone]);
  const phone = personOf(player, [tx.phone_number]);
  const { funds, country } = CODES;
  const sides =
    tx.type === 'deposit'
      ? {
          t_from: { from_funds_code: funds, from_person: phone, from_country: country },
          t_to_my_client: { to_funds_code: funds, to_person: wallet, to_country: country },
        }
      : {
          t_from_my_client: { from_funds_code: funds, from_person: wallet, from_country: country },
          t_to: { to_funds_code: funds, to_person: phone, to_country: country },
        };
  return {
    transactionnumber: tx.id,
    ...(tx.provider_ref ? { internal_ref_number: tx.provider_ref } : {}),
    transaction_location: LOCATION,
    transaction_description: `${tx.type === 'deposit' ? 'Deposit into' : 'Withdrawal from'} the betting wallet by ${tx.provider}`,
    date_transaction: goamlDate(tx.at),
    transmode_code: CODES.transmode,
    amount_local: centsToDecimal(tx.amount),
    ...sides,
  };
}

export function buildGoamlReport(config: GoamlConfig, input: GoamlInput): string {
  const report = {
    '@xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
    '@xsi:noNamespaceSchemaLocation': GOAML_SCHEMA_FILE,
    rentity_id: String(config.GOAML_RENTITY_ID),
    ...(config.GOAML_RENTITY_BRANCH ? { rentity_branch: config.GOAML_RENTITY_BRANCH } : {}),
    submission_code: 'E',
    report_code: input.type,
    entity_reference: `mchezo-aml-${input.caseId}`,
    submission_date: goamlDate(input.submittedAt),
    currency_code_local: 'KES',
    reporting_person: {
      first_name: config.GOAML_REPORTING_PERSON_FIRST_NAME ?? 'Compliance',
      last_name: config.GOAML_REPORTING_PERSON_LAST_NAME ?? 'Officer',
      ...(config.GOAML_REPORTING_PERSON_EMAIL ? { email: config.GOAML_REPORTING_PERSON_EMAIL } : {}),
      occupation: config.GOAML_REPORTING_PERSON_OCCUPATION ?? 'Money Laundering Reporting Officer',
    },
    reason: input.reason.slice(0, 4000),
    action: input.action.slice(0, 4000),
    transaction: input.transactions.map((tx) => transactionOf(tx, input.player)),
  };
  return create({ version: '1.0', encoding: 'UTF-8' }, { report }).end({ prettyPrint: true });
}

/**
 * Paybill account numbers: their form and check digit are the contract's
 * (@mchezo/contracts/wallet-constants: an operator's assignment is checked by its request's
 * schema, a payer's BillRefNumber here); new ones are drawn here. 9 million numbers; the column
 * takes up to 12 characters, so the format can grow without a migration.
 */
import { randomInt } from 'node:crypto';
import { ACCOUNT_NUMBER_LENGTH, luhnDigit, readAccountNumber } from '@mchezo/contracts/wallet-constants';

export { luhnDigit, readAccountNumber };

export function newAccountNumber(): string {
  let body = String(randomInt(1, 10));
  while (body.length < ACCOUNT_NUMBER_LENGTH - 1) body += String(randomInt(0, 10));
  return body + luhnDigit(body);
}

import { normaliseAmount } from '@shop/contracts';
import type { GlobalPosition } from '@shop/infrastructure';

/**
 * Many rows travel as ONE jsonb parameter expanded with jsonb_to_recordset: one round trip per batch,
 * no 65,535-bind-parameter ceiling, and the same SQL on PostgreSQL 15 and PGlite.
 */
export const jsonParam = (rows: readonly unknown[]): string => JSON.stringify(rows);

/** numeric(20,0) columns hold unsigned 64-bit positions; bind them as text, never as JS numbers. */
export const positionColumns = (position: GlobalPosition) => ({
  commit: position.commit.toString(),
  prepare: position.prepare.toString(),
});

/** pg returns numeric as text already, but a type parser set elsewhere may hand us numbers: normalise. */
export function formatMoney(value: string | number | null | undefined): string {
  return normaliseAmount(String(value ?? 0));
}

export function formatNullableMoney(value: string | number | null | undefined): string | null {
  return value === null || value === undefined ? null : formatMoney(value);
}

export function toIsoString(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

const UTC_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamptz read as text in a session whose TimeZone is UTC ("2024-12-13 05:20:00.5+00") as
 * toIsoString gives it, without building a Date twice: for the listings of thousands of rows.
 * Anything else (another zone, a year outside 0000-9999) goes through Date.
 */
export function utcTextToIsoString(value: string): string {
  const match = UTC_TEXT.exec(value);
  if (!match) return toIsoString(value);
  return `${match[1]}T${match[2]}.${(match[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
}

export function toNullableIsoString(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : toIsoString(value);
}

/** count(*) and sum(int) come back as bigint text. */
export const toInt = (value: string | number | null | undefined): number => Number(value ?? 0);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids reach queries from URL paths: a malformed one is "not found", not a uuid cast error. */
export const isUuid = (value: string): boolean => UUID.test(value);

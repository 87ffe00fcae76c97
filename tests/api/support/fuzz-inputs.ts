import * as contracts from '@shop/contracts';
import { ZodObject } from 'zod';

/** mulberry32: a tiny seeded generator, so a failing run is replayed with FUZZ_SEED=<seed>. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const chance = (probability: number) => next() < probability;
  return { next, int, pick, chance };
}
export type Random = ReturnType<typeof seededRandom>;

/**
 * A JSON value as the fuzzer sends it. Objects are lists of entries so a body can carry `__proto__`
 * or the same key twice; numbers are raw tokens so `-0`, `1e308` and `1e999` reach the server as typed.
 */
export type Json =
  | { kind: 'raw'; token: string }
  | { kind: 'string'; value: string }
  | { kind: 'array'; items: Json[] }
  | { kind: 'object'; entries: Array<[string, Json]> };

export const raw = (token: string): Json => ({ kind: 'raw', token });
export const text = (value: string): Json => ({ kind: 'string', value });

/** JSON.stringify escapes a lone surrogate as \udXXX, which the server's JSON.parse turns back into one. */
export function toJsonText(value: Json): string {
  switch (value.kind) {
    case 'raw':
      return value.token;
    case 'string':
      return JSON.stringify(value.value);
    case 'array':
      return `[${value.items.map(toJsonText).join(',')}]`;
    case 'object':
      return `{${value.entries.map(([key, child]) => `${JSON.stringify(key)}:${toJsonText(child)}`).join(',')}}`;
  }
}

/** Every field name of every object schema the contracts export: the fuzzer's vocabulary, kept current by the code. */
export function contractFieldNames(): string[] {
  const names = new Set<string>();
  for (const exported of Object.values(contracts)) {
    if (exported instanceof ZodObject) for (const key of Object.keys(exported.shape)) names.add(key);
  }
  return [...names].sort();
}

const NUMBERS = [
  '0',
  '-0',
  '1',
  '-1',
  '1.5',
  '1e308',
  '-1e308',
  '1e999',
  '9007199254740992',
  '9007199254740993',
  '1e-400',
  '100',
  '1000001',
  '99999999.99',
];
const ODD_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '9007199254740993',
  '0000-01-01',
  '+275760-09-13',
  '2025-02-30',
  '2025-13-01',
  '9999-12-31',
  '2025-03-10T25:00:00Z',
  'not a date',
  "'; DROP TABLE events; --",
  'Slash\\?Serum $1 ?',
  '💄 نص',
  'in',
  'out',
  'sale',
  'purchase',
  'pending',
  'served',
  'manager',
  'assistant',
  'cash',
  'card',
  'Body Care',
  'a@b.co',
  '+234 801 234 5678',
  '/product-media/uploads/a.png',
  '00000000-0000-4000-8000-000000000000',
  '__proto__',
  'constructor',
];

export interface FuzzVocabulary {
  readonly fields: readonly string[];
  /** Ids that exist (products, users, orders…), so some requests get past "not found". */
  readonly knownIds: readonly string[];
}

export function randomValue(random: Random, vocabulary: FuzzVocabulary, depth = 0): Json {
  const roll = random.int(depth > 2 ? 6 : 10);
  switch (roll) {
    case 0:
      return raw(random.pick(NUMBERS));
    case 1:
      return raw(random.pick(['true', 'false', 'null']));
    case 2:
      return text(random.pick(ODD_STRINGS));
    case 3:
      return text(random.pick(vocabulary.knownIds));
    case 4:
      return text(random.chance(0.5) ? 'x'.repeat(random.pick([256, 5001, 100_000])) : `\u0000${'é'.repeat(300)}`);
    case 5:
      return text(random.pick(ODD_STRINGS) + random.pick(ODD_STRINGS));
    case 6:
    case 7:
      return randomObject(random, vocabulary, depth + 1);
    default:
      return {
        kind: 'array',
        items: Array.from({ length: random.int(4) }, () => randomValue(random, vocabulary, depth + 1)),
      };
  }
}

export function randomObject(random: Random, vocabulary: FuzzVocabulary, depth = 0): Json {
  const entries: Array<[string, Json]> = [];
  const size = random.int(8);
  for (let index = 0; index < size; index++) {
    const key = random.chance(0.1)
      ? random.pick(['__proto__', 'constructor', 'prototype', 'a\u0000b', '\ud800', ''])
      : random.pick(vocabulary.fields);
    entries.push([key, randomValue(random, vocabulary, depth)]);
  }
  return { kind: 'object', entries };
}

/** Whole bodies, some of them not JSON at all. */
export function randomBody(random: Random, vocabulary: FuzzVocabulary): { text: string; contentType: string } | null {
  switch (random.int(12)) {
    case 0:
      return null;
    case 1:
      return {
        text: random.pick(['{"name": ', '{', '[1,2', '"\\ud800', 'nul', '{"a":1}}', '\u0000']),
        contentType: 'application/json',
      };
    case 2:
      return { text: toJsonText(randomValue(random, vocabulary, 3)), contentType: 'application/json' };
    case 3:
      return {
        text: 'name=a%00b&sku=x',
        contentType: random.pick(['text/plain', 'application/x-www-form-urlencoded']),
      };
    case 4: {
      const depth = random.pick([33, 1000, 10_000]);
      return random.chance(0.5)
        ? { text: '['.repeat(depth) + ']'.repeat(depth), contentType: 'application/json' }
        : { text: '{"a":'.repeat(depth) + '1' + '}'.repeat(depth), contentType: 'application/json' };
    }
    default:
      return { text: toJsonText(randomObject(random, vocabulary)), contentType: 'application/json' };
  }
}

const QUERY_KEYS = [
  'from',
  'to',
  'asOf',
  'knownAt',
  'entity',
  'entityId',
  'limit',
  'before',
  'sinceLastAboveMin',
  'token',
  'status',
];
const QUERY_VALUES = [
  '0000-01-01',
  '%2B275760-09-13',
  '2025-02-30',
  '2025-03-10',
  '1970-01-01',
  '9999-12-31',
  '9999-12-31T23:30:00-14:00',
  '2025-03-10T12:00:00Z',
  '2025-03-10T12:00:00%2B14:00',
  'garbage',
  '',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%uD800',
  '%',
  '1e308',
  '-1',
  '0',
  'NaN',
  '9007199254740993',
  'product',
  'true',
  '1:2',
  '99999999999999999999:1',
];

export function randomQuery(random: Random): string {
  const size = random.int(4);
  if (size === 0) return '';
  const pairs: string[] = [];
  for (let index = 0; index < size; index++) {
    const key = random.chance(0.1) ? random.pick(['__proto__', 'from[x]', 'a%00', 'to[]']) : random.pick(QUERY_KEYS);
    pairs.push(`${key}=${random.pick(QUERY_VALUES)}`);
  }
  return `?${pairs.join('&')}`;
}

const PATH_VALUES = [
  '00000000-0000-4000-8000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%E0%A4%A',
  'abc',
  '-1',
  '0',
  '2147483648',
  '99999999999999999999',
  '1e308',
  'NaN',
  '%F0%9F%92%84',
  '..%2F..%2Fpackage.json',
  'x'.repeat(3000),
  '__proto__',
  'CASH-1-abc',
];

/** The route's path with each `:param` filled: a known id, an unknown one or something odd. */
export function fillPath(random: Random, routePath: string, knownIds: readonly string[]): string {
  return routePath.replace(/:(\w+)/g, () => (random.chance(0.3) ? random.pick(knownIds) : random.pick(PATH_VALUES)));
}

/**
 * Every numeric limit in one place: the zod contracts, the deciders and the read-model schemas all
 * read them, so nothing the domain accepts can fail to fit a read model (a value a projection cannot
 * store would halt it). Amounts are strings (exact decimals); quantities are whole numbers.
 */

/** decimal(10,2) in spec section 3: price, cost price, an online order's totalAmount. */
export const MONEY_PRECISION = 10;
export const MONEY_SCALE = 2;
/** The largest amount a decimal(10,2) holds: one price, cost, line total or sale total. */
export const MAX_AMOUNT = '99999999.99';

export const LIMITS = {
  /** Units on one movement or one line of a sale or order. */
  maxLineQuantity: 1_000_000,
  /** A line's total (quantity × unit price) is stored in a decimal(10,2) column. */
  maxLineTotal: MAX_AMOUNT,
  /** A sale's or an online order's total, decimal(10,2) like its lines. */
  maxSaleTotal: MAX_AMOUNT,
  /** Lines on one sale or one online order. */
  maxSaleLines: 200,
  /**
   * Stock a product may hold: opening stock, a stocktake count, a minimum stock level, and the stock
   * after a receipt. Well inside a PostgreSQL integer (2,147,483,647), so a stock level and any one
   * movement (at most maxLineQuantity) always add up to something an integer column holds.
   */
  maxStockLevel: 1_000_000_000,
  /** Products on one stocktake count sheet (the whole catalogue of a shop fits). */
  maxStocktakeLines: 5_000,
  /** Discount percentage, decimal(5,2). */
  maxDiscountPercent: 100,
  /**
   * Requests one session has under way at once (a browser opens at most 6 connections to a host);
   * the session's next ones wait their turn, so one session cannot queue its costly reads in front of
   * everyone else's on PGlite's single connection.
   */
  maxRequestsRunningPerSession: 16,
  /** Requests of one session waiting their turn; one more answers 429. */
  maxRequestsWaitingPerSession: 256,
  /**
   * Upload URLs one user holds that have not taken their file yet and have not expired (15 minutes):
   * a product form uploads at most 5 files, so a shop never waits on more than a few at once.
   */
  maxOpenUploadTicketsPerUser: 50,
  /**
   * Bytes one user has uploaded that no product holds yet (2GiB: 40 files of the spec's 50MB, 8
   * products' worth); past it a PUT answers 429, so uploads that are never used cannot fill the disk.
   */
  maxUnattachedUploadBytesPerUser: 2_147_483_648,
  /**
   * PUTs of one user's upload URLs streaming into one gateway at once (the web app's uploader runs 6):
   * each holds a temporary file of up to 50MB, so many at once could fill the disk before any is counted.
   */
  maxUploadsRunningPerUser: 12,
  /**
   * An uploaded file no product holds is removed this long after its upload URL expired (a form left
   * open over lunch still saves); an upload URL that never took a file is forgotten then too.
   */
  unattachedUploadKeepHours: 24,
  /** Such files removed on each upload URL issued, so a sweep stays short and keeps up (each issue adds one). */
  orphanUploadsSweptPerIssue: 10,
} as const;

/** What a PostgreSQL integer column holds. */
export const MAX_INTEGER_COLUMN = 2_147_483_647;

/**
 * Digits for sums over many movements (a day's or a period's rollup): 10^18 naira, far past anything
 * a shop records (a billion lines at the largest line total), so a busy day never overflows.
 */
export const ROLLUP_MONEY_PRECISION = 20;

/** The limits as column types, so the read-model schemas are derived from the same numbers. */
export const SQL_TYPES = {
  /** One amount: price, cost, line total, sale or order total. */
  amount: `numeric(${MONEY_PRECISION},${MONEY_SCALE})`,
  /** A sum of many amounts (a day's or a period's rollup). */
  rollupAmount: `numeric(${ROLLUP_MONEY_PRECISION},${MONEY_SCALE})`,
  /** Discount percentage. */
  percent: 'numeric(5,2)',
  /** A quantity or a stock level: every one is at most maxStockLevel. */
  quantity: 'integer',
  /** A sum of quantities or a count of lines over many movements. */
  rollupQuantity: 'bigint',
} as const;

/**
 * GET /api/products answers with the server's clock in this header: an ISO date-time to the
 * millisecond (`serverTimeHeader`), read before the catalogue is. The offline till keeps how far its
 * own clock is from it and stamps an offline sale's catalogAsOf and soldAt in server time (a till
 * clock more than 5 minutes fast had every offline sale refused). `Date` has only whole seconds and
 * no contract. Kept free of zod: the web app's first load reads it.
 */
export const SERVER_TIME_HEADER = 'X-Server-Time';

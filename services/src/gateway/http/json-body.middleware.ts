import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { MESSAGES } from '@shop/contracts';

/** JSON bodies up to 1 MB; a body that fails to parse is answered 400 `{ message }` before any route runs. */
export function jsonBody(): [RequestHandler, ErrorRequestHandler] {
  const parse = express.json({ limit: '1mb' });
  const refuse: ErrorRequestHandler = (error, _request, response, next) => {
    const status = typeof error?.status === 'number' ? error.status : 500;
    if (status >= 500) return next(error);
    const message =
      error?.type === 'entity.parse.failed'
        ? MESSAGES.invalidJson
        : error?.type === 'entity.too.large'
          ? 'Request body is too large'
          : 'Bad request body';
    response.status(status).json({ message });
  };
  return [parse, refuse];
}

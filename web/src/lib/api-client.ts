import { SERVER_TIME_HEADER } from '@shop/contracts';
import { readServerClock, type ServerClock } from './server-clock';

/**
 * The one way the web app talks to the gateway: same origin, cookies, JSON.
 * Spec section 8: a failure's message is "<status>: <body text or status text>"; toasts use the
 * server's `{ message }` when there is one.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    /** The `message` field of the JSON error body, when the server sent one. */
    readonly serverMessage: string | null,
    /** The `title` field of the JSON error body (e.g. 'Insufficient stock'), when the server sent one. */
    readonly serverTitle: string | null = null,
  ) {
    super(message);
  }
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** The session subscribes here: a 401 on a signed-in call means the server forgot the session. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export type ApiFetchOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Sign-in answers 401 for wrong credentials; that must not look like a lost session. */
  notifyUnauthorized?: boolean;
};

type ServerError = { message: string | null; title: string | null };

function readServerError(bodyText: string): ServerError {
  const none: ServerError = { message: null, title: null };
  if (!bodyText) return none;
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (!parsed || typeof parsed !== 'object') return none;
    const { message, title } = parsed as { message?: unknown; title?: unknown };
    return {
      message:
        typeof message === 'string' && message.trim()
          ? message
          : Array.isArray(message) && message.every((part) => typeof part === 'string')
            ? message.join(', ')
            : null,
      title: typeof title === 'string' && title.trim() ? title : null,
    };
  } catch {
    // Not JSON (a proxy page, say): no server message to show.
    return none;
  }
}

/** The request, and its error when the answer is not 2xx; the caller reads the body. */
async function request(path: string, options: ApiFetchOptions): Promise<Response> {
  const { method = 'GET', body, signal, notifyUnauthorized = true } = options;
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers:
      body === undefined
        ? { Accept: 'application/json' }
        : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });

  if (!response.ok) {
    const bodyText = await response.text().catch(() => '');
    if (response.status === 401 && notifyUnauthorized) {
      unauthorizedListeners.forEach((listener) => listener());
    }
    const server = readServerError(bodyText);
    throw new ApiError(
      response.status,
      `${response.status}: ${bodyText || response.statusText}`,
      server.message,
      server.title,
    );
  }
  return response;
}

const readBody = async <T>(response: Response): Promise<T> => {
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
};

export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  return readBody<T>(await request(path, options));
}

/** As apiFetch, with the server's clock the answer gave (SERVER_TIME_HEADER), null if it gave none. */
export async function apiFetchWithServerClock<T>(
  path: string,
  options: ApiFetchOptions = {},
): Promise<{ body: T; serverClock: ServerClock | null }> {
  const sentAt = Date.now();
  const response = await request(path, options);
  const serverClock = readServerClock(response.headers.get(SERVER_TIME_HEADER), sentAt, Date.now());
  return { body: await readBody<T>(response), serverClock };
}

/** "Server message, else <fallback>" from the error catalogue. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/**
 * A mutation's onError that refreshes after a refusal from the server: its answer usually means what
 * is on screen is out of date (changed on another screen). Not after a network failure, where a
 * refetch would fail too. Returns the refresh so the mutation settles once it is done, as before.
 */
export const refreshOnServerRefusal =
  <T>(refresh: () => Promise<T>) =>
  (error: unknown): Promise<T> | undefined =>
    error instanceof ApiError ? refresh() : undefined;

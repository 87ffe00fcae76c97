const SESSION_DIGEST = Symbol('session digest');

/** Set by the session guard: which session row a request belongs to (its token's digest). */
export function rememberSessionDigest(request: object, digest: string): void {
  (request as { [SESSION_DIGEST]?: string })[SESSION_DIGEST] = digest;
}

export function sessionDigestOf(request: object): string | null {
  return (request as { [SESSION_DIGEST]?: string })[SESSION_DIGEST] ?? null;
}

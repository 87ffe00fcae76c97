/**
 * When a movement happened: a line of a sale taken offline happened at its soldAt (issue 14), every
 * other event when it was recorded. Reports count a sale on the day it happened; "as known at"
 * views keep using the recorded time.
 */
export function timeOfSale(event: { readonly data: object; readonly metadata: { readonly at: string } }): string {
  const offline = 'offline' in event.data ? (event.data.offline as { soldAt?: string } | undefined) : undefined;
  return offline?.soldAt ?? event.metadata.at;
}

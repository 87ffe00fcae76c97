/**
 * One key per reply the user means to send: kept while the reply and notes stay as they were sent,
 * so a retry after a lost answer is the same reply on the server (recorded and emailed once), and
 * made anew once the text changes. crypto.getRandomValues works on plain http too (randomUUID does not).
 */
export function replyKeyKeeper() {
  let pending: { key: string; fingerprint: string } | null = null;
  return (reply: string, notes: string | null): string => {
    const fingerprint = JSON.stringify([reply, notes]);
    if (pending?.fingerprint !== fingerprint) pending = { key: newReplyKey(), fingerprint };
    return pending.key;
  };
}

const newReplyKey = () =>
  `reply-${Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;

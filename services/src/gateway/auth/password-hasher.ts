import * as argon2 from 'argon2';

/** argon2id with the library's defaults (OWASP-recommended memory-hard parameters). */
export const hashPassword = (password: string): Promise<string> => argon2.hash(password, { type: argon2.argon2id });

// A fixed hash to verify against when the username is unknown, so a miss costs as long as a hit.
let decoyHash: Promise<string> | null = null;

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    decoyHash ??= hashPassword('decoy-password-for-timing');
    await argon2.verify(await decoyHash, password);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id, 19 MiB, 2 iterations (DESIGN.md section 5). The package declares its
 * Algorithm as a const enum, which isolated modules cannot read: 2 is Argon2id.
 */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS as Parameters<typeof hash>[1]);
}

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

/** Compared against when the account does not exist, so a miss costs as long as a wrong password. */
let dummy: Promise<string> | null = null;
export async function burnVerify(plain: string): Promise<false> {
  dummy ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummy, plain);
  return false;
}

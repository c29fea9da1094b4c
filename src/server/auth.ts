import { createHash, randomBytes, randomInt, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { LRUCache } from 'lru-cache';
import { ApiFailure } from './errors.ts';
import type { Capability, UserOption } from './types.ts';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;
const keyLength = 32;

export interface User {
  name: string;
  capabilities: ReadonlySet<Capability>;
}

interface StoredUser extends User {
  salt: Buffer;
  hash: Buffer;
}

export interface AuthLimits {
  /** Verified logins remembered (least recently used dropped first). */
  maxVerifiedLogins: number;
  /** Password checks under way at once; past it a new login answers 429 with Retry-After. */
  maxPendingChecks: number;
}

export const authDefaults: AuthLimits = { maxVerifiedLogins: 1000, maxPendingChecks: 32 };

export interface Authenticator {
  /** The user the `Authorization` header names; null without Basic credentials; throws 401 for bad ones. */
  authenticate(header: string | undefined): Promise<User | null>;
}

/** `manage_options` holders pass every `edit_posts` check too. */
export function can(user: User | null, capability: Capability): boolean {
  if (!user) return false;
  return user.capabilities.has(capability) || user.capabilities.has('manage_options');
}

/** WordPress ignores the spaces it prints between a password's groups of four. */
function normalisePassword(password: string): string {
  return password.replace(/\s+/g, '');
}

/**
 * An application password in WordPress's printed form: 24 letters and digits in groups of four.
 *
 * @example generateApplicationPassword() // 'abcd EFGH 1234 ijkl MNOP 5678'
 */
export function generateApplicationPassword(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const chars = Array.from({ length: 24 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return chars.match(/.{4}/g)!.join(' ');
}

/**
 * Keeps only scrypt hashes of the users' passwords. Verified headers are remembered (by a digest of the
 * header, never the password) so that a keep-alive client does not pay for scrypt on every request.
 *
 * @example const auth = createAuthenticator([{ name: 'admin', password: 'pw', capabilities: ['manage_options'] }]);
 */
export function createAuthenticator(users: UserOption[], limits: AuthLimits = authDefaults): Authenticator {
  const byName = new Map<string, StoredUser>();
  for (const user of users) {
    if (normalisePassword(user.password) === '')
      throw new Error(`users: "${user.name}" has an empty password; give every user one.`);
    const salt = randomBytes(16);
    byName.set(user.name, {
      name: user.name,
      capabilities: new Set(user.capabilities),
      salt,
      hash: scryptSync(normalisePassword(user.password), salt, keyLength),
    });
  }
  // Only verified logins are remembered, in an LRU no failed attempt can touch; checks under way are kept
  // apart (so parallel first requests with one header share one scrypt run) and capped, so a flood of wrong
  // passwords is refused early instead of queueing ahead of everyone on the thread pool.
  const verified = new LRUCache<string, User>({ max: limits.maxVerifiedLogins });
  const pending = new Map<string, Promise<User>>();
  const decoy = { salt: randomBytes(16), hash: randomBytes(keyLength) };

  async function verify(header: string): Promise<User> {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const name = colon === -1 ? decoded : decoded.slice(0, colon);
    const password = colon === -1 ? '' : decoded.slice(colon + 1);
    const user = byName.get(name);
    // Hash even for an unknown name so that the answer time does not tell which names exist.
    const target = user ?? decoy;
    const hash = await scryptAsync(normalisePassword(password), target.salt, keyLength);
    const matches = timingSafeEqual(hash, target.hash);
    if (!user) {
      throw new ApiFailure(401, 'invalid_username', 'Unknown username. Check the user name and try again.');
    }
    if (!matches) {
      throw new ApiFailure(
        401,
        'incorrect_password',
        'The provided password is an invalid application password.',
      );
    }
    return { name: user.name, capabilities: user.capabilities };
  }

  return {
    async authenticate(header) {
      if (!header || !/^basic\s/i.test(header)) return null;
      const digest = createHash('sha256').update(header).digest('base64');
      const known = verified.get(digest);
      if (known) return known;
      let running = pending.get(digest);
      if (!running) {
        if (pending.size >= limits.maxPendingChecks) throw busy();
        running = verify(header)
          .then((user) => {
            verified.set(digest, user);
            return user;
          })
          .finally(() => pending.delete(digest));
        pending.set(digest, running);
      }
      return running;
    },
  };
}

function busy(): ApiFailure {
  return new ApiFailure(
    429,
    'too_many_login_attempts',
    'Too many password checks are under way; try again in a second.',
    {},
    { 'Retry-After': '1' },
  );
}

// A fake user store: names with scrypt password hashes, and a login check that takes the same time for unknown names.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/** Length in bytes of a derived key. */
const KEY_LENGTH = 64
/** Longest password accepted; longer ones are refused before hashing. */
export const MAX_PASSWORD = 256

interface StoredUser { name: string, salt: Buffer, hash: Buffer }

/** Derives the scrypt key of a password. */
export function hashPassword (password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, (err, key) => { if (err) reject(err); else resolve(key) })
  })
}

async function storedUser (name: string, password: string): Promise<StoredUser> {
  const salt = randomBytes(16)
  return { name, salt, hash: await hashPassword(password, salt) }
}

/** The users, hashed once at startup: tobi / foobar and loki / hunter2. */
const users: Promise<Map<string, StoredUser>> = Promise.all([
  storedUser('tobi', 'foobar'),
  storedUser('loki', 'hunter2')
]).then((list) => new Map(list.map((u) => [u.name, u])))

/** Compared against when the name is unknown, so a wrong name costs as much as a wrong password. */
const decoy: Promise<StoredUser> = storedUser('', randomBytes(16).toString('hex'))

/** The user's name when `password` is theirs, else undefined. */
export async function authenticate (name: string, password: string): Promise<string | undefined> {
  const known = (await users).get(name)
  const user = known ?? await decoy
  const key = await hashPassword(password, user.salt)
  return timingSafeEqual(key, user.hash) && known ? known.name : undefined
}

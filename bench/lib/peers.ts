// The frameworks the benchmark compares Ristretto with that are not the project's dev dependencies
// (bench/peers/package.json: they need a newer Node than Ristretto supports), installed on first use.
import path from 'node:path'
import { isolatedPackages } from './isolated-packages'
import { ROOT } from './build'

/** The path `require` takes for a package of bench/peers, installing the set first when its lock is not the installed one. */
export function resolvePeer (name: string): string {
  return isolatedPackages(path.join(ROOT, 'bench', 'peers')).resolve(name)
}

/** Loads a package of bench/peers ({@link resolvePeer}). */
export function requirePeer<T> (name: string): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(resolvePeer(name)) as T
}

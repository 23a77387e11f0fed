// Deprecation reporters (depd), under the namespace of the package the user installed.
import fs from 'fs'
import path from 'path'
import depd from 'depd'

/** A reporter, as depd makes it (typed here, so the declarations need no @types/depd). */
export interface Deprecate {
  (message: string): void
  /** `fn`, reporting `message` at each caller's site. */
  function<F extends (...args: any[]) => any> (fn: F, message: string): F
}

/**
 * The namespace a package.json gives: its `ristretto.deprecationNamespace` (an edition's, such as
 * `express`), else its `name`; undefined when it names neither.
 */
export function namespaceOf (manifest: unknown): string | undefined {
  const { ristretto, name } = Object(manifest)
  return [Object(ristretto).deprecationNamespace, name].find((n): n is string => typeof n === 'string' && n !== '')
}

/**
 * The namespace of the package this file belongs to: that of the nearest package.json above this
 * folder, which is `<root>/dist/kernel/` in the build and `<root>/kernel/` when the sources run as
 * they are (tests); `ristretto` when there is none or it does not parse.
 */
function packageNamespace (): string {
  try {
    const manifest = [path.join(__dirname, '..', 'package.json'), path.join(__dirname, '..', '..', 'package.json')].find((file) => fs.existsSync(file))
    return (manifest && namespaceOf(JSON.parse(fs.readFileSync(manifest, 'utf8')))) || 'ristretto'
  } catch {
    return 'ristretto'
  }
}

/**
 * A new reporter for the module that calls this, under the framework's namespace (read once:
 * `ristretto`, or `express` in the Express editions): it is depd, bound to the namespace (a bound
 * function adds no frame, so depd sees the calling module).
 *
 * depd names as the caller the first frame after those of the file that made the reporter
 * (frames above them, of other files, are passed over). So each module whose members the user
 * calls makes its own at load, `const deprecate = reporter()`, and reports with it: a
 * `deprecate(message)` in its members (or in helpers of other files they call, handed this
 * reporter) names the line of the user's code that called the member, as Express's do.
 */
export const reporter: () => Deprecate = depd.bind(undefined, packageNamespace())

/** The reporter of whole deprecated members only, `deprecate.function(fn, message)`, which names each caller of `fn`. */
export const deprecate: Deprecate = reporter()

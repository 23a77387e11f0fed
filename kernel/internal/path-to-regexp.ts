// Typed access to path-to-regexp 0.1.x, Express 4's route syntax (the package ships no types).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pathToRegexp: (path: string | RegExp | Array<string | RegExp>, keys: PathKey[], options: PathOptions) => RegExp = require('path-to-regexp')

/** A named (or numbered) parameter of a compiled path. */
export interface PathKey { name: string | number; optional: boolean; offset?: number }

export interface PathOptions { sensitive?: boolean; strict?: boolean; end?: boolean }

export { pathToRegexp }

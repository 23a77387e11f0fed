// The migration report's shape: what `app.migrationReport()` returns.

/** A route or middleware whose path Express 5 reads differently or rejects. */
export interface PathFinding {
  /** `route` (`app.get(path, …)`, `router.route(path)`) or `middleware` (`app.use(path, …)`, mounts included). */
  readonly kind: 'route' | 'middleware'
  /** The route's methods, uppercase (`ALL` for `all`); empty for middleware. */
  readonly methods: readonly string[]
  /** The path as written where it was added (one alternative of an array path). */
  readonly path: string
  /** The full path from the app, mount paths joined (`/api/users/:id?`). */
  readonly fullPath: string
  /** `invalid`: Express 5 throws when the layer is added; `changed`: it matches other URLs or gives other params. */
  readonly problem: 'invalid' | 'changed'
  /** path-to-regexp 8's error, or a request path the two read differently. */
  readonly reason: string
  /**
   * What to write instead of `path`: matches the same URLs with the same params under Express 5.
   * A regular expression when Express 4 read part of the path as one (Express 5 takes it as written).
   */
  readonly suggestion: string | RegExp
  /** What else changes: renamed params, wildcard values, the syntax involved. */
  readonly notes: readonly string[]
}

/** A call, made by the app, of an API Express 5 removed or changed. */
export interface CallFinding {
  /** The form called: `req.param(name)`, `res.send(status)`, `app.del(path, …)`, … */
  readonly api: string
  /** What Express 5 does with it, and what to write instead. */
  readonly advice: string
  /** `file:line:column` of the call: the first stack frame outside the framework. */
  readonly callSite: string
  /** How many times it was called from there. */
  readonly count: number
  /** The requests it was called for (`GET /users/7`, query strings left out; the first few), empty for setup calls. */
  readonly requests: readonly string[]
}

/** A setting whose default differs in Express 5, which the app relies on without setting it. */
export interface SettingFinding {
  /** `query parser`, `express.urlencoded extended`, … */
  readonly setting: string
  /** The Express 4 default the app runs with. */
  readonly express4: string
  /** The Express 5 default. */
  readonly express5: string
  /** What changes for the app, and how to keep Express 4's behaviour. */
  readonly advice: string
  /** Where the app relies on it: requests (`GET /search`), middleware paths or call sites; the first few. */
  readonly evidence: readonly string[]
}

/** Everything in an app, and what it did so far, that Express 5 reads differently. */
export interface MigrationReport {
  readonly paths: readonly PathFinding[]
  readonly calls: readonly CallFinding[]
  readonly settings: readonly SettingFinding[]
  /** The report as readable text (what {@link formatMigrationReport} gives). */
  toString (): string
}

// The query plugin's per-framework switches.
import { frameworkPolicy } from '../shared/framework-policy'

/** How the `query` layer of one framework's apps keeps `req.query`. */
export interface QueryPolicy {
  /** Applied to each parsed `req.query` (its result becomes `req.query`). Default none. */
  filter: ((query: unknown) => unknown) | undefined
}

/** The policy of each framework; the default is Express 4's behaviour. */
export const queryPolicy = frameworkPolicy<QueryPolicy>({ filter: undefined })

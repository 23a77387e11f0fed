// The built-in body parsers' per-framework switches.
import { frameworkPolicy } from '../shared/framework-policy'

/** How the body parsers of one framework (`framework.json` and its kin) read and keep a body. */
export interface BodyPolicy {
  /**
   * Milliseconds a body may go without sending a byte (from the start of the read, then between
   * chunks) before the read stops with a 408 `RST_BODY_TIMEOUT` and the connection closes after
   * the answer. Default 0: no limit of the parser's own (node's `requestTimeout` applies).
   */
  idleTimeout: number
  /** Applied to each parsed `req.body` (its result becomes `req.body`). Default none. */
  filter: ((body: unknown) => unknown) | undefined
}

/** The policy of each framework; the defaults are Express 4's behaviour. */
export const bodyPolicy = frameworkPolicy<BodyPolicy>({ idleTimeout: 0, filter: undefined })

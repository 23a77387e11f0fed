// Helpers of the async-handlers tests: a scoped framework and handlers that fail in the ways promises can.
import { createFramework } from '../../../kernel'
import defaultPreset from '../../../presets/default'
import { asyncHandlersPlugin } from '../../../plugins/async-handlers'
import type { NextFunction, Request, Response } from '../../../kernel'

/** The default preset plus async handlers only where `asyncHandlers(target)` turns them on. */
export const scoped = createFramework({ plugins: [...defaultPreset.plugins, asyncHandlersPlugin({ everywhere: false })] })

/** Error middleware answering `500 caught: <message>` (or the value's type when it is not an Error). */
export function reportErrors (err: unknown, req: Request, res: Response, next: NextFunction): void {
  res.status(500).send('caught: ' + (err instanceof Error ? err.message : typeof err))
}

/** A promise the test has already observed, so leaving it unhandled is not a process-level error. */
export function quietRejection (reason: unknown): Promise<never> {
  const p = Promise.reject(reason)
  p.catch(() => {})
  return p
}

export const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

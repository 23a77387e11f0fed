// qs, loaded on first use: it pulls in some thirty modules, which would otherwise cost every app's startup.
import type * as QsModule from 'qs'

let qsModule: typeof QsModule | undefined

/** The qs module, required the first time a query string is actually parsed with it. */
export function loadQs (): typeof QsModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return qsModule ??= require('qs') as typeof QsModule
}

// The stages a request goes through, and which code belongs to which: bench/stages.ts charges each
// CPU and allocation sample to the stage of the innermost frame on its stack that this names.

/** A profile's call frame, as the inspector reports it. */
export interface Frame { functionName: string, url: string }

/** Table order. `node` is node's HTTP code outside any framework frame (parsing, the socket, timers). */
export const STAGES = ['kernel pass', 'init', 'query', 'route', 'handler', 'send', 'body parser', 'logger', 'framework (other)', 'harness', 'node'] as const

/** The harness functions that read what the server writes. */
const HARNESS = new Set(['push', 'write', 'writev', 'check'])
/** Kernel functions that do the init layer's work (Express's `expressInit`). */
const INIT = new Set(['expressInit', 'initRequest', 'adoptPrototypes', 'switchPrototypes', 'enterHelpers'])
/** Kernel functions of route lookup and dispatch. */
const ROUTE = new Set(['runRoute', 'testByShortcut', 'dispatch', 'matchLayer'])

/** The stage of a frame, or `undefined` when the frame is not a framework's (node's own, or a dependency's). */
export function stageOf (frame: Frame): string | undefined {
  const url = frame.url
  if (url === '' || url.startsWith('node:')) return undefined
  // The harness's own work is counting the bytes written; what it drives (node parsing the requests) is node's.
  if (url.includes('/bench/lib/in-memory')) return HARNESS.has(frame.functionName) ? 'harness' : undefined
  if (url.includes('/bench/apps/')) return 'handler'
  if (url.includes('/node_modules/')) {
    // A dependency of Ristretto is charged to the stage that called it; fastify and its own are a framework.
    return /\/node_modules\/(fastify|find-my-way|light-my-request|avvio|@fastify)\//.test(url) ? 'framework (other)' : undefined
  }
  if (url.includes('/plugins/query/')) return 'query'
  if (url.includes('/plugins/parser/') || url.includes('/plugins/body-')) return 'body parser'
  if (url.includes('/plugins/logger/')) return 'logger'
  if (/\/plugins\/(express5-)?(response|request)\//.test(url)) return 'send'
  // Router 2's routers (the express5 preset): their walk is the kernel pass, finding and running a route is route.
  if (url.includes('/plugins/express5-routing/')) return /\/(router|mount-path|tracing|settle)\.js$/.test(url) ? 'kernel pass' : 'route'
  if (INIT.has(frame.functionName) || url.includes('/kernel/internal/prototypes')) return 'init'
  if (ROUTE.has(frame.functionName) || /\/kernel\/router\/route(-parameters)?\.js$/.test(url) || url.includes('/kernel/router/matchers/') || url.includes('/kernel/internal/params')) return 'route'
  if (url.includes('/kernel/') || url.includes('/presets/') || url.includes('/plugins/')) return 'kernel pass'
  return undefined
}

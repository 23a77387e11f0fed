// Advisories of morgan and of on-headers (which morgan uses to time responses). On the Express
// targets the logger is morgan (the fixed release, a dev dependency); on the presets it is
// `ristretto/logger`.
import { describe } from 'node:test'
import morgan from 'morgan'
import logger from '../../plugins/logger'
import { send, vulnerable, type AnyFramework, type Target } from './support'
import { recorder } from './results'
import { replay, saw } from './replay'

/* eslint-disable @typescript-eslint/no-explicit-any -- apps of several frameworks, loggers of two kinds */

const table = recorder('morgan-and-on-headers')

/** An app and the logger it mounts. */
interface Logged {
  framework: AnyFramework
  logger: any
}

const express4 = require('express') as AnyFramework

function loggedTarget (t: Target): Logged {
  return { framework: t.framework, logger: t.reference ? morgan : logger }
}

/** A stream that keeps what is logged. */
function memoryStream (): { write (line: string): void, lines: string[] } {
  const lines: string[] = []
  return { lines, write (line) { lines.push(line) } }
}

describe('morgan and on-headers: format compilation, writeHead arrays', () => {
  // morgan 1.9.0 compiles a format into a function's source, escaping `"` but not `\`: a format
  // with `\"` closes the string literal and the rest runs as code. A format from configuration
  // (an environment variable, a settings page) becomes code execution.
  replay(table, {
    id: 'CVE-2019-5413',
    pkg: 'morgan <1.9.1',
    title: 'a format string is logged as text, never compiled into code',
    shownOn: 'morgan@1.9.0',
    vulnerable: () => ({ framework: express4, logger: vulnerable('morgan-1-9-0') }),
    target: loggedTarget,
    async fires ({ framework, logger: log }) {
      const g = globalThis as { advisoryRan?: number }
      delete g.advisoryRan
      const stream = memoryStream()
      const app = framework()
      app.use(log(':method \\" + (globalThis.advisoryRan = 5413) //', { stream }))
      app.get('/', (req: any, res: any) => { res.end('ok') })
      await send(app, 'GET', '/')
      const ran = g.advisoryRan === 5413
      delete g.advisoryRan
      return saw(ran, `logged ${JSON.stringify(stream.lines)}`)
    }
  })

  // on-headers 1.0.2, which morgan (and compression, express-session…) uses to run code as the
  // head is written, reads an array given to res.writeHead as pairs: node's flat form
  // (`['X-Tag', 'one', 'Cache-Control', 'no-store']`) sets headers named `X`, `o`, `C`, `n`, and
  // the headers the handler chose are lost.
  replay(table, {
    id: 'CVE-2025-7339',
    pkg: 'on-headers <1.1.0 (morgan <1.10.1)',
    title: 'the headers an array given to res.writeHead names are the ones sent',
    shownOn: 'morgan@1.10.0 (on-headers 1.0.2)',
    vulnerable: () => ({ framework: express4, logger: vulnerable('morgan-1-10-0') }),
    target: loggedTarget,
    async fires ({ framework, logger: log }) {
      const app = framework()
      app.use(log('tiny', { stream: memoryStream() }))
      app.get('/', (req: any, res: any) => {
        res.writeHead(200, ['X-Tag', 'one', 'Cache-Control', 'no-store'])
        res.end('ok')
      })
      const answer = await send(app, 'GET', '/')
      return saw(answer.header('x-tag') !== 'one' || answer.header('cache-control') !== 'no-store',
        `sent ${Object.keys(answer.headers).join(', ')}`)
    }
  })
})

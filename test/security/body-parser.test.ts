// Advisories of body-parser (1.x, Express 4's; 2.x, Express 5's), replayed against each target's
// own parsers (`framework.json`, `framework.urlencoded`).
import { describe } from 'node:test'
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import express4 from 'express'
import { send, vulnerable, withHelpers, VULNERABLE_DIR, type AnyFramework, type Target } from './support'
import { recorder } from './results'
import { replay, saw } from './replay'

/* eslint-disable @typescript-eslint/no-explicit-any -- apps of several frameworks */

const table = recorder('body-parser')

/** Parsers to check: `parsers.json` / `.urlencoded`, on an app of `framework`. */
interface Parsers {
  framework: AnyFramework
  parsers: any
}

/** A body-parser release, mounted on the project's Express 4 (what an app upgrading one of them has). */
function bodyParser (alias: string): Parsers {
  return { framework: express4 as unknown as AnyFramework, parsers: vulnerable(alias) }
}

function ownParsers (t: Target): Parsers | { na: string } {
  const framework = withHelpers(t, 'body parsers')
  return typeof framework === 'function' ? { framework, parsers: framework } : framework
}

/** How deep `value` nests: the length of its chain of first keys. */
function depthOf (value: unknown): number {
  let depth = 0
  while (value !== null && typeof value === 'object' && Object.keys(value).length > 0) {
    value = (value as Record<string, unknown>)[Object.keys(value)[0]]
    depth++
  }
  return depth
}

function formHeaders (body: string): Record<string, string> {
  return { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(Buffer.byteLength(body)) }
}

describe('body-parser: urlencoded depth and parameter counting, invalid limits, decoder crash', () => {
  // body-parser 1.20.2 parses extended forms with no depth bound: `a[a][a]…` nests as deep as
  // the body allows (100 kb of it is 33 000 levels), with work and memory to match. The bound is
  // 32 levels.
  replay(table, {
    id: 'CVE-2024-45590',
    pkg: 'body-parser <1.20.3 (express <4.20.0)',
    title: 'extended forms nest no deeper than 32 levels',
    shownOn: 'express@4.19.2 (body-parser 1.20.2)',
    vulnerable: () => ({ framework: vulnerable<AnyFramework>('express-4-19-2'), parsers: vulnerable('express-4-19-2') }),
    target: ownParsers,
    async fires ({ framework, parsers }) {
      const app = framework()
      app.post('/', parsers.urlencoded({ extended: true }), (req: any, res: any) => { res.end(String(depthOf(req.body))) })
      app.use((err: any, req: any, res: any, next: any) => { res.statusCode = err.status ?? 500; res.end('refused') })
      const body = 'a' + '[a]'.repeat(2000) + '=1'
      const answer = await send(app, 'POST', '/', formHeaders(body), body)
      return saw(answer.status === 200 && Number(answer.text) > 32, `status ${answer.status}, depth ${answer.text}`)
    }
  })

  // body-parser 2.2.0 counts parameters with `body.split('&')`, making one string per `&` of a
  // 100 kb body before refusing it for having more than `parameterLimit`; a count that stops at
  // the limit makes none. Every `split` made while the request is handled is watched.
  replay(table, {
    id: 'CVE-2025-13466',
    pkg: 'body-parser 2.2.0',
    title: 'a form over parameterLimit is refused without splitting all of it',
    shownOn: 'body-parser@2.2.0',
    vulnerable: () => bodyParser('body-parser-2-2-0'),
    target: ownParsers,
    async fires ({ framework, parsers }) {
      const app = framework()
      app.post('/', parsers.urlencoded({ extended: true }), (req: any, res: any) => { res.end('parsed') })
      app.use((err: any, req: any, res: any, next: any) => { res.statusCode = err.status ?? 500; res.end('refused') })
      const body = 'a=1' + '&'.repeat(90_000)
      const split = Object.getOwnPropertyDescriptor(String.prototype, 'split')!
      let most = 0
      Object.defineProperty(String.prototype, 'split', {
        ...split,
        value: function watchedSplit (this: string, ...args: unknown[]) {
          const pieces = (split.value as (...a: unknown[]) => string[]).apply(this, args)
          most = Math.max(most, pieces.length)
          return pieces
        }
      })
      let status: number
      try {
        status = (await send(app, 'POST', '/', formHeaders(body), body)).status
      } finally {
        Object.defineProperty(String.prototype, 'split', split)
      }
      // The default parameterLimit is 1000: a split into more pieces than that went past it.
      return saw(most > 1001, `status ${status}, the largest split made ${most} pieces`)
    }
  })

  // In body-parser 1.20.5, a `limit` that does not parse (`'not a size'`, NaN) turns the size
  // check off: the parser is made without complaint and reads bodies of any size. A parser must
  // refuse the option, or keep a limit.
  replay(table, {
    id: 'CVE-2026-12590',
    pkg: 'body-parser <1.20.6, 2.x <2.3.0',
    title: 'an invalid `limit` never turns the size check off',
    shownOn: 'body-parser@1.20.5',
    vulnerable: () => bodyParser('body-parser-1-20-5'),
    target: ownParsers,
    async fires ({ framework, parsers }) {
      let json: any
      try {
        json = parsers.json({ limit: 'not a size' })
      } catch (err) {
        return saw(false, `refused when made: ${(err as Error).message}`)
      }
      const app = framework()
      app.post('/', json, (req: any, res: any) => { res.end('parsed') })
      app.use((err: any, req: any, res: any, next: any) => { res.statusCode = err.status ?? 500; res.end('refused') })
      const body = JSON.stringify({ big: 'x'.repeat(2_000_000) })
      const answer = await send(app, 'POST', '/', { 'Content-Type': 'application/json' }, body)
      return saw(answer.status === 200, `a 2 MB body answered ${answer.status}`)
    }
  })

  // In body-parser 1.20.8, with `verify`, an unsupported charset is refused (415) after the
  // decompression stream is set up and fed, with no error listener left on it: corrupt
  // compressed data then throws from the stream and ends the process. Each replay runs in a
  // process of its own.
  const child = path.join(__dirname, 'body-crash-child.ts')
  const registerTs = path.join(__dirname, '..', 'support', 'register-ts.cjs')
  function crashes (modulePath: string, kind: 'framework' | 'body-parser'): ReturnType<typeof saw> {
    const r = spawnSync(process.execPath, ['--require', registerTs, child, modulePath, kind], { encoding: 'utf8', timeout: 20_000 })
    const alive = r.status === 0 && r.stdout.includes('alive')
    return saw(!alive, `exit ${r.status}: ${(r.stdout + r.stderr).trim().split('\n').slice(0, 4).join(' / ')}`)
  }
  replay(table, {
    id: 'GHSA-27r3-jxmh-p828',
    pkg: 'body-parser <1.20.9, 2.x <2.4.0',
    title: 'a corrupt compressed body with an unsupported charset answers 415 and the process lives',
    shownOn: 'body-parser@1.20.8',
    vulnerable: () => {
      vulnerable('body-parser-1-20-8')
      return path.join(VULNERABLE_DIR, 'node_modules', 'body-parser-1-20-8')
    },
    target: (t) => t.name === 'minimal' ? { na: 'no body parsers' } : t.module,
    async fires (modulePath) {
      return crashes(modulePath, modulePath.includes('body-parser-') ? 'body-parser' : 'framework')
    }
  })
})

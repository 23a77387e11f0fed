// What the edition tests run in both projects (the edition's and the real Express's).

/** An ES module that imports Express's names from `express` and prints what each is. */
export const ESM_SCRIPT = `
import express, { application, request, response, Router, Route, json, raw, text, urlencoded, static as serveStatic } from 'express'
const names = { express, application, request, response, Router, Route, json, raw, text, urlencoded, static: serveStatic }
console.log(JSON.stringify(Object.fromEntries(Object.entries(names).map(([name, value]) => [name, typeof value]))))
console.log(Router === express.Router, json === express.json)
`

/** A CommonJS script that requires each of `paths` under `express/` and prints what it is and what it holds. */
export function LIB_SCRIPT (paths: readonly string[]): string {
  return `
    for (const p of ${JSON.stringify(paths)}) {
      const mod = require('express/' + p)
      console.log(p, typeof mod, require('express/' + p + (p === 'lib/router' ? '/index' : '') + '.js') === mod)
    }
    console.log(require('express/lib/express') === require('express'))
  `
}

/**
 * A CommonJS script that requires `express` and prints the files of the express package it
 * loaded (its build's dist/ and the packages it carries in lib/node_modules/ left out), and of
 * each package of `packages` (found from express's lib/ folder, as Express's own files find it):
 * its version, which of the files listed it loaded, and whether it is `express.Router` (Express
 * 5's `router`).
 */
export function LOADED_SCRIPT (packages: Readonly<Record<string, readonly string[]>>): string {
  return `
    const path = require('path')
    const express = require('express')
    const root = path.dirname(require.resolve('express/package.json'))
    const loaded = Object.keys(require.cache)
    const inside = (dir) => loaded.filter((f) => f.startsWith(dir + path.sep)).map((f) => path.relative(dir, f).split(path.sep).join('/'))
    console.log(JSON.stringify(inside(root).filter((f) => !['dist/', 'node_modules/', 'lib/node_modules/'].some((dir) => f.startsWith(dir))).sort()))
    for (const [name, files] of Object.entries(${JSON.stringify(packages)})) {
      const manifest = require.resolve(name + '/package.json', { paths: [path.join(root, 'lib')] })
      const dir = path.dirname(manifest)
      const own = inside(dir)
      console.log(name, require(manifest).version, JSON.stringify(files.filter((f) => own.includes(f))), require(dir) === express.Router)
    }
  `
}

/**
 * A CommonJS script that prints the names of the stack frames through which the routers ran a
 * route handler and a middleware, those that name the layer's dispatch method (express-rate-limit
 * looks for `Layer.handle [as handle_request]` to tell that it runs inside a request handler).
 */
export const FRAMES_SCRIPT = `
  const express = require('express')
  const app = express()
  const frames = new Set()
  const record = () => {
    for (const line of new Error('here').stack.split('\\n')) {
      const name = /^\\s*at (.*?) \\(/.exec(line)
      if (name && /handle_request|handleRequest/.test(name[1])) frames.add(name[1])
    }
  }
  app.use(function middleware (req, res, next) { record(); next() })
  app.get('/', function handler (req, res) { record(); res.end() })
  const server = app.listen(0, '127.0.0.1', async () => {
    await fetch('http://127.0.0.1:' + server.address().port + '/')
    server.close()
    console.log(JSON.stringify([...frames].sort()))
  })
`

/** Strict, CommonJS, and the libraries' declarations checked too (`skipLibCheck: false`). */
export const TSCONFIG = JSON.stringify({
  compilerOptions: { strict: true, module: 'commonjs', target: 'es2020', esModuleInterop: true, skipLibCheck: false, noEmit: true },
  files: ['app.ts']
}, null, 2)

/**
 * TypeScript as @types/express users write it: an app typed as express-serve-static-core's
 * `Express`, passed where an `IRouter` is wanted, an `ErrorRequestHandler`, and a member added to
 * every request by augmenting express-serve-static-core. `userPath` is a route path with an `id`.
 */
export function EDITION_APP_TS (userPath: string): string {
  return `
import express, { Request, Response, NextFunction, ErrorRequestHandler, IRouter } from 'express'
import * as core from 'express-serve-static-core'

declare module 'express-serve-static-core' {
  interface Request { user?: { id: string } }
}

const app: core.Express = express()
function register (router: IRouter): void {
  router.get('/me', (req, res) => { res.send(req.user?.id) })
}
register(app)
const onError: ErrorRequestHandler = (err, req, res, next) => { res.status(500).send(String(err)) }
app.use((req: Request, res: Response, next: NextFunction) => { req.user = { id: 'u' }; next() })
app.get(${userPath}, (req, res) => { res.json({ id: req.params.id, user: req.user?.id }) })
app.use(express.json(), express.urlencoded({ extended: false }))
app.use(onError)
export default app
`
}

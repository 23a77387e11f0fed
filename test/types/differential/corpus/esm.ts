// ES module snippets (`.mts`): the `import` condition of the packages' exports.

// @snippet default-import.mts
import express from 'express'
const app = express()
app.get('/', (req, res) => { res.send('esm') })
app.listen(3000)

// @snippet named-types.mts
import express, { type Request, type Response, type NextFunction } from 'express'
const app = express()
app.use((req: Request, res: Response, next: NextFunction) => next())

// @snippet router.mts
import express, { Router } from 'express'
const r: Router = express.Router()
r.get('/:id', (req, res) => { res.json({ id: req.params.id }) })

// @snippet static-json.mts
import express from 'express'
const app = express()
app.use(express.json(), express.urlencoded({ extended: true }), express.static('public'))

// @snippet error-handler.mts
import express, { type ErrorRequestHandler } from 'express'
const onError: ErrorRequestHandler = (err, req, res, next) => { res.status(500).end() }
express().use(onError)

// @snippet body-parser.mts
import bodyParser from 'body-parser'
import express from 'express'
express().use(bodyParser.json({ limit: '1mb' }), bodyParser.text())

// @snippet morgan.mts
import morgan from 'morgan'
import express from 'express'
express().use(morgan('dev', { skip: (req, res) => res.statusCode < 400 }))

// @snippet morgan-token.mts
import morgan from 'morgan'
morgan.token('id', (req) => req.headers['x-request-id'] as string | undefined)

// @snippet request-handler-generic.mts
import type { RequestHandler } from 'express'
export const h: RequestHandler<{ id: string }, { ok: boolean }> = (req, res) => { res.json({ ok: !!req.params.id }) }

// @snippet app-type.mts
import express, { type Express } from 'express'
export const app: Express = express()

// @snippet namespace-import.mts
import * as bodyParser from 'body-parser'
bodyParser.json()

// @snippet handler-resbody-wrong.mts
import type { RequestHandler } from 'express'
export const h: RequestHandler<{}, { ok: boolean }> = (req, res) => {
  // @ts-expect-error
  res.json({ ok: 1 })
}

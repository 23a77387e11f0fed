// body-parser: json, raw, text, urlencoded, their options and `verify`; and express's built-in parsers.

// @snippet json-basic
import express from 'express'
import bodyParser from 'body-parser'
express().use(bodyParser.json())

// @snippet import-equals
import express = require('express')
import bodyParser = require('body-parser')
express().use(bodyParser.urlencoded({ extended: false }))

// @snippet json-options
import bodyParser from 'body-parser'
bodyParser.json({ limit: '100kb', strict: true, inflate: true, type: 'application/json' })

// @snippet json-reviver
import bodyParser from 'body-parser'
bodyParser.json({ reviver: (key, value) => (key === 'date' ? new Date(value) : value) })

// @snippet json-limit-number
import bodyParser from 'body-parser'
bodyParser.json({ limit: 1024 * 1024 })

// @snippet json-type-array
import bodyParser from 'body-parser'
bodyParser.json({ type: ['application/json', 'application/*+json'] })

// @snippet json-type-function
import bodyParser from 'body-parser'
bodyParser.json({ type: (req) => req.headers['content-type'] === 'application/x-custom' })

// @snippet json-type-function-req
import bodyParser from 'body-parser'
import { IncomingMessage } from 'http'
bodyParser.json({ type: (req: IncomingMessage) => true })

// @snippet verify-callback
import bodyParser from 'body-parser'
bodyParser.json({
  verify(req, res, buf, encoding) {
    if (buf.length > 10) throw new Error('too long')
  }
})

// @snippet verify-param-types
import bodyParser from 'body-parser'
bodyParser.json({
  verify: (req, res, buf, encoding) => {
    buf // $ExpectType Buffer<ArrayBufferLike>
    encoding // $ExpectType string
  }
})

// @snippet verify-raw-body-capture
import bodyParser from 'body-parser'
import { IncomingMessage } from 'http'
bodyParser.json({
  verify: (req: IncomingMessage & { rawBody?: Buffer }, res, buf) => { req.rawBody = buf }
})

// @snippet verify-on-urlencoded
import bodyParser from 'body-parser'
bodyParser.urlencoded({ extended: true, verify: (req, res, buf) => {} })

// @snippet verify-on-text-raw
import bodyParser from 'body-parser'
bodyParser.text({ verify: (req, res, buf, enc) => {} })
bodyParser.raw({ verify: (req, res, buf) => {} })

// @snippet verify-wrong-signature
import bodyParser from 'body-parser'
// @ts-expect-error
bodyParser.json({ verify: (req: string) => {} })

// @snippet urlencoded-options
import bodyParser from 'body-parser'
bodyParser.urlencoded({ extended: true, parameterLimit: 1000, limit: '1mb', inflate: false, type: '*/x-www-form-urlencoded' })

// @snippet urlencoded-no-options
import bodyParser from 'body-parser'
bodyParser.urlencoded()

// @snippet text-options
import bodyParser from 'body-parser'
bodyParser.text({ defaultCharset: 'utf-8', type: 'text/*', limit: '10kb' })

// @snippet raw-options
import bodyParser from 'body-parser'
bodyParser.raw({ type: 'application/octet-stream', limit: '5mb', inflate: true })

// @snippet raw-no-text-option
import bodyParser from 'body-parser'
// @ts-expect-error
bodyParser.raw({ defaultCharset: 'utf-8' })

// @snippet json-strict-wrong
import bodyParser from 'body-parser'
// @ts-expect-error
bodyParser.json({ strict: 'yes' })

// @snippet json-limit-wrong
import bodyParser from 'body-parser'
// @ts-expect-error
bodyParser.json({ limit: true })

// @snippet json-unknown-option
import bodyParser from 'body-parser'
// @ts-expect-error
bodyParser.json({ depth: 3 })

// @snippet urlencoded-extended-wrong
import bodyParser from 'body-parser'
// @ts-expect-error
bodyParser.urlencoded({ extended: 'true' })

// @snippet options-types
import bodyParser from 'body-parser'
const a: bodyParser.OptionsJson = { strict: false }
const b: bodyParser.OptionsText = { defaultCharset: 'latin1' }
const c: bodyParser.OptionsUrlencoded = { extended: false }
const d: bodyParser.Options = { limit: 100 }

// @snippet options-json-extends-options
import bodyParser from 'body-parser'
const base: bodyParser.Options = { inflate: false }
const json: bodyParser.OptionsJson = { ...base, strict: true }

// @snippet parser-on-route
import express from 'express'
import bodyParser from 'body-parser'
const jsonParser = bodyParser.json()
express().post('/api/users', jsonParser, (req: express.Request, res: express.Response) => {
  if (!req.body) return res.sendStatus(400)
  res.send('welcome, ' + req.body.username)
})

// @snippet parser-on-router
import express from 'express'
import bodyParser from 'body-parser'
const router = express.Router()
router.use(bodyParser.text())

// @snippet parser-handler-callable
import bodyParser from 'body-parser'
import http from 'http'
const parse = bodyParser.json()
http.createServer((req, res) => {
  parse(req, res, (err?: any) => { res.end() })
})

// @snippet parser-mount-path
import express from 'express'
import bodyParser from 'body-parser'
express().use('/api', bodyParser.json(), bodyParser.urlencoded({ extended: true }))

// @snippet express-json
import express from 'express'
express().use(express.json({ limit: '1mb', strict: false }))

// @snippet express-urlencoded
import express from 'express'
express().use(express.urlencoded({ extended: true, parameterLimit: 10 }))

// @snippet express-text-raw
import express from 'express'
const app = express()
app.use(express.text({ type: 'text/plain', defaultCharset: 'utf-8' }))
app.use(express.raw({ type: 'image/*', limit: '10mb' }))

// @snippet express-json-verify
import express from 'express'
express().use(express.json({
  verify: (req, res, buf, encoding) => { if (!buf.length) throw new Error('empty') }
}))

// @snippet express-json-unknown-option
import express from 'express'
// @ts-expect-error
express.json({ notAnOption: true })

// @snippet express-json-type-function
import express from 'express'
express.urlencoded({ extended: false, type: (req) => true })

// @snippet parser-namespace-option-type-reuse
import bodyParser from 'body-parser'
function makeParser(o: bodyParser.OptionsJson) { return bodyParser.json(o) }
makeParser({ limit: '1kb' })

// @snippet parser-verify-throws-typed
import bodyParser from 'body-parser'
import { IncomingMessage, ServerResponse } from 'http'
function verify(req: IncomingMessage, res: ServerResponse, buf: Buffer, encoding: string): void {
  if (encoding !== 'utf-8') throw new Error('charset')
}
bodyParser.json({ verify })
bodyParser.urlencoded({ extended: false, verify })

// @snippet body-parser-default-call
import bodyParser from 'body-parser'
import express from 'express'
express().use(bodyParser())

// @snippet parser-handler-assignable-to-request-handler
import bodyParser from 'body-parser'
import { RequestHandler } from 'express'
const h: RequestHandler = bodyParser.json()

// @snippet parser-in-array
import bodyParser from 'body-parser'
import express from 'express'
const parsers = [bodyParser.json(), bodyParser.urlencoded({ extended: false })]
express().use(parsers)

// @snippet parser-type-wrong
import bodyParser from 'body-parser'
// @ts-expect-error
bodyParser.text({ type: 42 })

// @snippet parser-verify-buffer-methods
import bodyParser from 'body-parser'
bodyParser.raw({ verify: (req, res, buf) => { buf.toString('hex') } })

// @snippet parser-verify-res-type
import bodyParser from 'body-parser'
bodyParser.json({
  verify: (req, res) => {
    req // $ExpectType IncomingMessage
    res // $ExpectType ServerResponse<IncomingMessage>
  }
})

// @snippet parser-inflate-wrong
import bodyParser from 'body-parser'
// @ts-expect-error
bodyParser.raw({ inflate: 1 })

// @snippet parser-parameter-limit-wrong
import bodyParser from 'body-parser'
// @ts-expect-error
bodyParser.urlencoded({ parameterLimit: '10' })

// @snippet express-raw-buffer-body
import express from 'express'
express().post('/hook', express.raw({ type: 'application/json' }), (req: express.Request<{}, any, Buffer>, res: express.Response) => {
  const text: string = req.body.toString('utf8')
  res.end()
})

// @snippet express-text-body-typed
import express from 'express'
express().post<{}, any, string>('/txt', express.text(), (req, res) => {
  res.send(req.body.toUpperCase())
})

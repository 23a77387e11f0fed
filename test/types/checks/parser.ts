// The standalone body parser's types from a consumer: `ristretto/parser` as body-parser users write it.
import express from 'ristretto'
import bodyParser from 'ristretto/parser'
import parserRequired = require('ristretto/parser')
import { expectType } from './assert-type'

const app = express()
app.use(bodyParser.json({ limit: '1mb', strict: false, type: ['application/json', '+json'] }))
app.use(bodyParser.urlencoded({ extended: true, parameterLimit: 100, depth: 5 }))
app.use(bodyParser.text({ type: 'text/*', defaultCharset: 'utf-8' }))
app.use(bodyParser.raw({ type: (req) => req.headers['content-type'] === 'application/pdf', inflate: false }))
app.post('/hook', parserRequired.json({
  verify (req, res, buf, encoding) {
    expectType<Buffer>()(buf)
    expectType<string>()(encoding)
    if (buf.length === 0) throw new Error('empty')
  }
}), (req, res) => { res.json(req.body) })

// @types/body-parser's option names, and its reviver: `any` in, `any` out.
const options: parserRequired.JsonOptions = { reviver: (key, value) => value }
const json: parserRequired.OptionsJson = { strict: true, reviver: (key, value) => (key === 'at' ? new Date(value) : value) }
const text: parserRequired.OptionsText = { defaultCharset: 'latin1' }
const form: parserRequired.OptionsUrlencoded = { extended: false }
const shared: parserRequired.Options = { limit: 100 }
void [json, text, form, shared]
const handler: parserRequired.Handler = parserRequired.json(options)
app.use(handler)

// @ts-expect-error limit is a byte count or a size string
bodyParser.json({ limit: true })
// body-parser 2 has no generic bodyParser() middleware: calling it throws, so it returns nothing.
const generic: () => never = bodyParser
void generic

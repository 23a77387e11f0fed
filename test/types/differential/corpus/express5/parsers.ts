// The built-in body parsers (body-parser 2's) and express.static.

// @snippet json
import express from 'express'
express().use(express.json())

// @snippet json-options
import express from 'express'
express().use(express.json({ limit: '1mb', strict: true, type: 'application/json', reviver: (k, v) => v }))

// @snippet json-options-wrong
import express from 'express'
// @ts-expect-error
express.json({ limit: true })

// @snippet urlencoded
import express from 'express'
express().use(express.urlencoded({ extended: true, parameterLimit: 100 }))

// @snippet urlencoded-no-options
import express from 'express'
express().use(express.urlencoded())

// @snippet raw
import express from 'express'
express().post('/hook', express.raw({ type: 'application/octet-stream', limit: '5mb' }), (req, res) => { res.end() })

// @snippet text
import express from 'express'
express().use(express.text({ defaultCharset: 'utf-8' }))

// @snippet verify
import express from 'express'
express().use(express.json({ verify: (req, res, buf, encoding) => { buf.length } }))

// @snippet inflate-type-fn
import express from 'express'
express().use(express.json({ inflate: false, type: (req) => true }))

// @snippet parser-route
import express from 'express'
express().post('/users', express.json(), (req, res) => { res.json(req.body) })

// @snippet query-removed
import express from 'express'
// @ts-expect-error
express.query({})

// @snippet body-parser-package
import express from 'express'
import bodyParser from 'body-parser'
express().use(bodyParser.json(), bodyParser.urlencoded({ extended: false }))

// @snippet static
import express from 'express'
express().use(express.static('public'))

// @snippet static-options
import express from 'express'
express().use('/assets', express.static('public', {
  maxAge: '1d',
  immutable: true,
  index: false,
  dotfiles: 'ignore',
  etag: true,
  lastModified: true,
  fallthrough: true,
  redirect: false,
  extensions: ['html']
}))

// @snippet static-set-headers
import express from 'express'
express.static('public', {
  setHeaders (res, path, stat) {
    res.setHeader('X-File', path)
  }
})

// @snippet static-options-wrong
import express from 'express'
// @ts-expect-error
express.static('public', { maxAge: {} })

// @snippet static-no-root
import express from 'express'
// @ts-expect-error
express.static()

// express.static (serve-static) and its options.

// @snippet static-basic
import express from 'express'
express().use(express.static('public'))

// @snippet static-mount
import express from 'express'
import path from 'path'
express().use('/static', express.static(path.join(__dirname, 'public')))

// @snippet static-options
import express from 'express'
express().use(express.static('public', {
  dotfiles: 'ignore',
  etag: false,
  extensions: ['htm', 'html'],
  index: false,
  maxAge: '1d',
  redirect: false,
  fallthrough: true,
  immutable: true,
  lastModified: true,
  acceptRanges: false,
  cacheControl: true
}))

// @snippet static-set-headers
import express from 'express'
express().use(express.static('public', {
  setHeaders(res, path, stat) {
    res.set('x-timestamp', Date.now().toString())
  }
}))

// @snippet static-set-headers-res-type
import express from 'express'
express.static('public', {
  setHeaders: (res, path) => {
    res // $ExpectType Response<any, Record<string, any>>
  }
})

// @snippet static-set-headers-path-type
import express from 'express'
express.static('public', {
  setHeaders: (res, path, stat) => {
    path // $ExpectType string
  }
})

// @snippet static-set-headers-stat-any
import express from 'express'
express.static('public', {
  setHeaders: (res, path, stat) => {
    const size: number = stat.size
  }
})

// @snippet static-set-headers-set-header
import express from 'express'
express.static('public', {
  setHeaders: (res) => { res.setHeader('Cache-Control', 'no-cache') }
})

// @snippet static-index-forms
import express from 'express'
express.static('a', { index: 'index.htm' })
express.static('b', { index: ['index.html', 'default.html'] })

// @snippet static-maxage-number
import express from 'express'
express.static('a', { maxAge: 86400000 })

// @snippet static-extensions-false
import express from 'express'
express.static('a', { extensions: false })

// @snippet static-dotfiles-wrong-type
import express from 'express'
// @ts-expect-error
express.static('a', { dotfiles: true })

// @snippet static-unknown-option
import express from 'express'
// @ts-expect-error
express.static('a', { nope: 1 })

// @snippet static-no-root
import express from 'express'
// @ts-expect-error
express.static()

// @snippet static-handler-type
import express, { RequestHandler } from 'express'
const serve = express.static('public')
express.Router().use(serve)

// @snippet static-mime
import express from 'express'
const t: string | null = express.static.mime.lookup('a.html')

// @snippet static-options-variable
import express from 'express'
import serveStatic from 'serve-static'
const opts: serveStatic.ServeStaticOptions = { maxAge: 0 }
express.static('public', opts)

// @snippet static-set-headers-return
import express from 'express'
express.static('public', { setHeaders: (res) => res.set('a', 'b') })

// @snippet static-set-headers-typed-res
import express from 'express'
express.static('public', {
  setHeaders: (res: express.Response, path: string) => { res.set('x', path) }
})

// @snippet static-set-headers-wrong
import express from 'express'
// @ts-expect-error
express.static('public', { setHeaders: 'no-cache' })

// @snippet static-maxage-wrong
import express from 'express'
// @ts-expect-error
express.static('public', { maxAge: true })

// @snippet static-returns-handler-expect
import express from 'express'
import { Handler } from 'express'
const h: express.Handler = express.static('public')

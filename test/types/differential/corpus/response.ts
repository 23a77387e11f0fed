// The response object: send/json/status, headers, cookies, redirects, files, locals.

// @snippet res-send-string
import { Response } from 'express'
function f(res: Response) { res.send('text') }

// @snippet res-send-buffer-object
import { Response } from 'express'
function f(res: Response) {
  res.send(Buffer.from('x'))
  res.send({ a: 1 })
  res.send([1, 2])
  res.send()
}

// @snippet res-send-returns-this
import { Response } from 'express'
function f(res: Response) {
  res.send('x') // $ExpectType Response<any, Record<string, any>>
}

// @snippet res-json-returns-this
import { Response } from 'express'
function f(res: Response<{ a: number }>) {
  const r: Response<{ a: number }> = res.json({ a: 1 })
}

// @snippet res-jsonp
import { Response } from 'express'
function f(res: Response) { res.jsonp({ user: 'tobi' }) }

// @snippet res-status-chain
import { Response } from 'express'
function f(res: Response) {
  res.status(404).json({ error: 'not found' })
}

// @snippet res-status-returns-this
import { Response } from 'express'
function f(res: Response) {
  res.status(200) // $ExpectType Response<any, Record<string, any>>
}

// @snippet res-status-string
import { Response } from 'express'
function f(res: Response) {
  // @ts-expect-error
  res.status('200')
}

// @snippet res-send-status
import { Response } from 'express'
function f(res: Response) {
  res.sendStatus(204)
}

// @snippet res-set-object
import { Response } from 'express'
function f(res: Response) {
  res.set({ 'Content-Type': 'text/plain', ETag: '12345' })
}

// @snippet res-set-field
import { Response } from 'express'
function f(res: Response) {
  res.set('Content-Type', 'text/plain')
  res.set('Vary', ['Accept', 'Origin'])
  res.header('X-A', 'b')
}

// @snippet res-set-chain
import { Response } from 'express'
function f(res: Response) {
  res.set('a', 'b').set('c', 'd').status(200).end()
}

// @snippet res-get-header
import { Response } from 'express'
function f(res: Response) {
  res.get('Content-Type') // $ExpectType string | undefined
}

// @snippet res-get-not-string
import { Response } from 'express'
function f(res: Response) {
  // @ts-expect-error
  const ct: string = res.get('content-type')
}

// @snippet res-append
import { Response } from 'express'
function f(res: Response) {
  res.append('Link', ['<http://localhost/>', '<http://localhost:3000/>'])
  res.append('Set-Cookie', 'foo=bar; Path=/; HttpOnly')
  res.append('Warning')
}

// @snippet res-type
import { Response } from 'express'
function f(res: Response) {
  res.type('.html').type('json').contentType('application/json')
}

// @snippet res-vary-location-links
import { Response } from 'express'
function f(res: Response) {
  res.vary('User-Agent').location('/foo').links({ next: 'http://api/?page=2' })
}

// @snippet res-attachment
import { Response } from 'express'
function f(res: Response) {
  res.attachment()
  res.attachment('path/to/logo.png')
}

// @snippet res-cookie
import { Response } from 'express'
function f(res: Response) {
  res.cookie('name', 'tobi', { domain: '.example.com', path: '/admin', secure: true })
  res.cookie('rememberme', '1', { expires: new Date(Date.now() + 900000), httpOnly: true })
  res.cookie('cart', { items: [1, 2, 3] })
  res.cookie('cart', { items: [1] }, { maxAge: 900000, signed: true, sameSite: 'strict' })
}

// @snippet res-cookie-options-type
import { CookieOptions } from 'express'
const o: CookieOptions = { maxAge: 1000, sameSite: 'lax', priority: 'high', partitioned: true, encode: String }

// @snippet res-cookie-samesite-bool
import { CookieOptions } from 'express'
const o: CookieOptions = { sameSite: true }

// @snippet res-cookie-samesite-wrong
import { CookieOptions } from 'express'
// @ts-expect-error
const o: CookieOptions = { sameSite: 'sometimes' }

// @snippet res-clear-cookie
import { Response } from 'express'
function f(res: Response) {
  res.clearCookie('name', { path: '/admin' })
  res.clearCookie('other')
}

// @snippet res-redirect
import { Response } from 'express'
function f(res: Response) {
  res.redirect('/foo/bar')
  res.redirect(301, 'http://example.com')
  res.redirect('back')
}

// @snippet res-redirect-returns-void
import { Response } from 'express'
function f(res: Response) {
  res.redirect('/') // $ExpectType void
}

// @snippet res-redirect-url-status
import { Response } from 'express'
function f(res: Response) {
  res.redirect('/login', 302)
}

// @snippet res-render
import { Response } from 'express'
function f(res: Response) {
  res.render('index')
  res.render('user', { name: 'Tobi' })
  res.render('user', { name: 'Tobi' }, (err, html) => { res.send(html) })
}

// @snippet res-render-callback-only
import { Response } from 'express'
function f(res: Response) {
  res.render('index', (err: Error, html: string) => { res.send(html) })
}

// @snippet res-send-file
import { Response } from 'express'
function f(res: Response) {
  res.sendFile('/abs/path.txt')
  res.sendFile('file.txt', { root: '/public', dotfiles: 'deny', headers: { 'x-timestamp': Date.now() } }, (err) => {
    if (err) console.error(err.message)
  })
}

// @snippet res-send-file-callback
import { Response } from 'express'
function f(res: Response) {
  res.sendFile('/x', (err) => { if (err) res.status(500).end() })
}

// @snippet res-send-file-options-type
import { SendFileOptions } from 'express-serve-static-core'
const o: SendFileOptions = { maxAge: '1d', root: '/srv', lastModified: false, headers: { a: 'b' } }

// @snippet res-download
import { Response } from 'express'
function f(res: Response) {
  res.download('/report-12345.pdf')
  res.download('/report-12345.pdf', 'report.pdf')
  res.download('/report-12345.pdf', 'report.pdf', (err) => {})
  res.download('/report-12345.pdf', 'report.pdf', { dotfiles: 'allow' }, (err) => {})
}

// @snippet res-format
import { Response } from 'express'
function f(res: Response) {
  res.format({
    'text/plain': () => { res.send('hey') },
    'application/json': () => { res.send({ message: 'hey' }) },
    default: () => { res.status(406).send('Not Acceptable') }
  })
}

// @snippet res-locals-any
import { Response } from 'express'
function f(res: Response) {
  res.locals.user = { id: 1 }
  const u = res.locals.user
}

// @snippet res-locals-type
import { Response } from 'express'
function f(res: Response) {
  res.locals // $ExpectType Record<string, any> & Locals
}

// @snippet res-locals-typed-type
import { Response } from 'express'
function f(res: Response<any, { n: number }>) {
  res.locals // $ExpectType { n: number; } & Locals
}

// @snippet res-locals-typed-missing
import { Response } from 'express'
function f(res: Response<any, { n: number }>) {
  // @ts-expect-error
  res.locals.m
}

// @snippet res-locals-constraint
import { Response } from 'express'
// @ts-expect-error
type R = Response<any, string>

// @snippet res-headers-sent
import { Response } from 'express'
function f(res: Response) {
  if (res.headersSent) return
  const b: boolean = res.headersSent
}

// @snippet res-charset
import { Response } from 'express'
function f(res: Response) {
  res.charset = 'utf-8'
}

// @snippet res-node-methods
import { Response } from 'express'
function f(res: Response) {
  res.setHeader('X-A', '1')
  res.writeHead(200, { 'Content-Type': 'text/plain' })
  res.write('a')
  res.end('b')
  res.statusCode = 201
  res.on('finish', () => {})
}

// @snippet res-end-chain
import { Response } from 'express'
function f(res: Response) {
  res.status(204).end()
}

// @snippet res-send-typed-body-array
import { Response } from 'express'
function f(res: Response<string[]>) {
  res.json(['a', 'b'])
}

// @snippet res-send-typed-body-wrong
import { Response } from 'express'
function f(res: Response<string[]>) {
  // @ts-expect-error
  res.json([1])
}

// @snippet res-send-type
import { Response } from 'express'
import { Send } from 'express-serve-static-core'
function f(res: Response) {
  const s: Send<any, Response> = res.send
}

// @snippet res-app-req
import { Response } from 'express'
function f(res: Response) {
  res.app.get('env')
  const url: string = res.req.originalUrl
}

// @snippet res-json-in-handler-return
import express from 'express'
express().get('/', (req, res) => {
  return res.json({ ok: true })
})

// @snippet res-redirect-wrong
import { Response } from 'express'
function f(res: Response) {
  // @ts-expect-error
  res.redirect(301)
}

// @snippet res-sendfile-lower-deprecated
import { Response } from 'express'
function f(res: Response) {
  res.sendfile('/x')
}

// @snippet res-json-no-arg
import { Response } from 'express'
function f(res: Response) {
  res.json()
}

// @snippet res-status-chain-sendstatus
import { Response } from 'express'
function f(res: Response) {
  res.status(500).sendStatus(500)
}

// @snippet res-get-expect-exact
import { Response } from 'express'
function f(res: Response) {
  expectType<string | undefined>()(res.get('etag'))
}

// @snippet res-locals-assign-any
import { Response } from 'express'
function f(res: Response) {
  res.locals = { a: 1 }
}

// @snippet res-status-number-literal-core
import * as core from 'express-serve-static-core'
function f(res: core.Response) {
  res.status(418).send("I'm a teapot")
}

// @snippet res-json-typed-expect
import { Response } from 'express'
function f(res: Response<number>) {
  // @ts-expect-error
  res.json('1')
}

// @snippet res-sendfile-void
import { Response } from 'express'
function f(res: Response) {
  expectType<void>()(res.sendFile('/x'))
  expectType<void>()(res.download('/x'))
}

// @snippet res-cookie-returns-this
import { Response } from 'express'
function f(res: Response) {
  res.cookie('a', 'b').clearCookie('c').send()
}

// @snippet res-set-wrong-value
import { Response } from 'express'
function f(res: Response) {
  // @ts-expect-error
  res.set('X-Number', 1)
}

// @snippet res-append-wrong-value
import { Response } from 'express'
function f(res: Response) {
  // @ts-expect-error
  res.append('X-Number', 1)
}

// The response: sending, status, headers, cookies, redirects, files, and the signatures Express 5 dropped.

// @snippet send
import { Response } from 'express'
function f(res: Response) {
  res.send('hi')
  res.send({ a: 1 })
  res.send(Buffer.from('x'))
  res.send()
}

// @snippet send-returns-this
import { Response } from 'express'
function f(res: Response) {
  res.send('x') // $ExpectType Response<any, Record<string, any>>
}

// @snippet send-status-body-removed
import { Response } from 'express'
function f(res: Response) {
  // @ts-expect-error
  res.send(404, 'Not found')
}

// @snippet json
import { Response } from 'express'
function f(res: Response) {
  res.json({ ok: true })
  res.status(201).json([1, 2])
}

// @snippet json-status-body-removed
import { Response } from 'express'
function f(res: Response) {
  // @ts-expect-error
  res.json(500, { error: 'x' })
}

// @snippet jsonp
import { Response } from 'express'
function f(res: Response) {
  res.jsonp({ user: 'tobi' })
}

// @snippet jsonp-status-body-removed
import { Response } from 'express'
function f(res: Response) {
  // @ts-expect-error
  res.jsonp(500, { error: 'x' })
}

// @snippet typed-body
import { Response } from 'express'
function f(res: Response<{ id: number }>) {
  res.json({ id: 1 })
}

// @snippet typed-body-wrong
import { Response } from 'express'
function f(res: Response<{ id: number }>) {
  // @ts-expect-error
  res.json({ id: 'one' })
}

// @snippet status
import { Response } from 'express'
function f(res: Response) {
  res.status(404).send('Not found')
  res.sendStatus(204)
}

// @snippet status-string-wrong
import { Response } from 'express'
function f(res: Response) {
  // @ts-expect-error
  res.status('404')
}

// @snippet redirect
import { Response } from 'express'
function f(res: Response) {
  res.redirect('/login')
  res.redirect(301, '/new')
}

// @snippet redirect-url-status-removed
import { Response } from 'express'
function f(res: Response) {
  // @ts-expect-error
  res.redirect('/new', 301)
}

// @snippet redirect-returns-void
import { Response } from 'express'
function f(res: Response) {
  res.redirect('/') // $ExpectType void
}

// @snippet location
import { Response } from 'express'
function f(res: Response) {
  res.location('/foo').status(302).end()
}

// @snippet headers
import { Response } from 'express'
function f(res: Response) {
  res.set('X-A', '1')
  res.set({ 'X-B': '2' })
  res.header('X-C', ['a', 'b'])
  res.append('Link', '<http://x>')
  res.get('X-A') // $ExpectType string | undefined
}

// @snippet type
import { Response } from 'express'
function f(res: Response) {
  res.type('json').contentType('text/html')
}

// @snippet vary
import { Response } from 'express'
function f(res: Response) {
  res.vary('Accept')
}

// @snippet links
import { Response } from 'express'
function f(res: Response) {
  res.links({ next: 'http://x/2', last: 'http://x/5' })
}

// @snippet attachment
import { Response } from 'express'
function f(res: Response) {
  res.attachment('report.pdf').attachment()
}

// @snippet cookie
import { Response } from 'express'
function f(res: Response) {
  res.cookie('name', 'tobi', { domain: '.example.com', path: '/admin', secure: true })
  res.cookie('cart', { items: [1, 2] })
  res.cookie('a', 'b', { maxAge: 900000, httpOnly: true, sameSite: 'lax', priority: 'high', partitioned: true })
}

// @snippet cookie-options-wrong
import { Response } from 'express'
function f(res: Response) {
  // @ts-expect-error
  res.cookie('a', 'b', { sameSite: 'sometimes' })
}

// @snippet clear-cookie
import { Response } from 'express'
function f(res: Response) {
  res.clearCookie('name', { path: '/admin' })
}

// @snippet cookie-options-type
import { CookieOptions } from 'express'
const o: CookieOptions = { signed: true, expires: new Date() }

// @snippet format
import { Response } from 'express'
function f(res: Response) {
  res.format({
    'text/plain' () { res.send('hey') },
    html () { res.send('<p>hey</p>') },
    default () { res.status(406).send('Not Acceptable') }
  })
}

// @snippet send-file
import { Response } from 'express'
function f(res: Response) {
  res.sendFile('/abs/file.txt')
  res.sendFile('file.txt', { root: '/public', maxAge: 1000, dotfiles: 'deny' }, (err) => {
    err // $ExpectType Error | undefined
  })
}

// @snippet sendfile-removed
import { Response } from 'express'
function f(res: Response) {
  // @ts-expect-error
  res.sendfile('/abs/file.txt')
}

// @snippet download
import { Response } from 'express'
function f(res: Response) {
  res.download('/report.pdf')
  res.download('/report.pdf', 'report.pdf')
  res.download('/report.pdf', 'report.pdf', (err) => {})
}

// @snippet render
import { Response } from 'express'
function f(res: Response) {
  res.render('index', { title: 'x' })
  res.render('index', (err: Error, html: string) => { res.send(html) })
}

// @snippet locals
import { Response } from 'express'
function f(res: Response<any, { user: string }>) {
  res.locals.user // $ExpectType string
}

// @snippet headers-sent
import { Response } from 'express'
function f(res: Response) {
  res.headersSent // $ExpectType boolean
}

// @snippet charset
import { Response } from 'express'
function f(res: Response) {
  res.charset = 'utf-8'
}

// @snippet server-response
import { Response } from 'express'
import type { ServerResponse } from 'http'
function f(res: Response) {
  const s: ServerResponse = res
  res.setHeader('X', '1')
  res.end()
}

// @snippet req-of-response
import { Response } from 'express'
function f(res: Response) {
  res.req.path // $ExpectType string
}

// @snippet send-type
import { Send } from 'express'
declare const s: Send
s('x')

// @snippet errback
import { Errback } from 'express'
const cb: Errback = (err) => {}
cb()

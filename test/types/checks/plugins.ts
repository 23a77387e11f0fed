// Every plugin of the default preset reaches the built .d.ts: request and response helpers, views, files, statics.
import express, { Request, Response } from 'ristretto'
import { expectType } from './assert-type'

const app = express()

app.engine('html', (path, options, callback) => { callback(null, `<p>${path}</p>`) })
app.render('page', { title: 'x' }, (err, html) => { void err; void html })

app.get('/req', (req: Request, res: Response) => {
  expectType<string>()(req.protocol)
  expectType<boolean>()(req.secure)
  expectType<string | undefined>()(req.ip)
  expectType<string[]>()(req.ips)
  expectType<string[]>()(req.subdomains)
  expectType<string>()(req.path)
  expectType<string>()(req.hostname)
  expectType<boolean>()(req.fresh)
  expectType<boolean>()(req.stale)
  expectType<boolean>()(req.xhr)
  expectType<string | false>()(req.accepts(['json', 'html']))
  expectType<string[]>()(req.accepts())
  expectType<string | false>()(req.acceptsLanguages('en', 'fr'))
  expectType<string | false | null>()(req.is('json'))
  expectType<string[] | undefined>()(req.get('set-cookie'))
  const ranges = req.range(1000, { combine: true })
  if (ranges !== undefined && ranges !== -1 && ranges !== -2) {
    expectType<string>()(ranges.type)
    expectType<number>()(ranges[0].start)
  }
  expectType<string>()(req.originalUrl)
  expectType<string>()(req.baseUrl)
  res.end()
})

app.get('/res', (req, res) => {
  res.status(201).set('X-Id', '1').set({ 'X-A': 'a' }).type('json').vary('Accept').append('Link', '<a>')
  res.links({ next: '/page/2' }).location('/here').attachment('report.pdf')
  expectType<string | undefined>()(res.get('Content-Type'))
  res.cookie('session', { id: 1 }, { signed: true, maxAge: 1000 }).clearCookie('old', { path: '/' })
  res.format({ text: () => res.send('hi'), default: () => res.sendStatus(406) })
  res.json({ ok: true })
  res.jsonp([1, 2])
  res.redirect(301, '/new')
  res.sendFile('/srv/a.txt', { maxAge: '1d', headers: { 'X-File': 'a' } }, (err) => { void err })
  res.download('/srv/a.txt', 'a.txt', { dotfiles: 'deny' }, (err) => { void err })
  res.render('page', { user: 'tobi' }, (err, html) => { if (!err) res.send(html) })
})

// res.send and res.json take the body type when the Response says so; res.locals the locals type.
app.get('/typed', (req, res: Response<{ ok: boolean }, { user: string }>) => {
  res.locals.user.toUpperCase()
  res.json({ ok: true })
  // @ts-expect-error the body type is { ok: boolean }
  res.json({ ok: 'yes' })
})

// The statics of the framework.
const mime: string | false = express.static.mime.lookup('html')
void mime
app.use(express.query({ depth: 2 }))
app.use(express.raw({ type: 'application/octet-stream', limit: '5mb' }))
app.use(express.text({ defaultCharset: 'latin1' }))

// A project's own members, added the way middleware typings add theirs.
declare global {
  namespace Express {
    interface Request {
      requestId?: string
    }
    interface Locals {
      nonce: string
    }
  }
}
app.use((req, res, next) => {
  req.requestId = 'abc'
  res.locals.nonce = 'n'
  expectType<string>()(res.locals.nonce)
  next()
})

import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { dispatch, RealRouter, Router5 } from './support'

type Next = (err?: unknown) => void
type Req = { params: Record<string, any>, baseUrl: string, url: string, method: string, [key: string]: any }
type Res = { end (body: string): void }

/** What a handler tells of the request it got. */
const show = (tag: string) => (req: Req, res: Res) => {
  res.end(JSON.stringify({ tag, params: { ...req.params }, baseUrl: req.baseUrl, url: req.url, loaded: req.loaded }))
}

/** One app-like router tree, built with a given router factory: mounts, params, routes, errors, async handlers. */
function build (Router: (options?: object) => any) {
  const root = Router({ strict: false })
  const users = Router({ mergeParams: true })
  const files = Router({ caseSensitive: true })
  root.param('org', async (req: Req, res: Res, next: Next, org: string) => {
    if (org === 'bad') throw new Error('bad org')
    req.loaded = (req.loaded ?? []).concat('org:' + org)
    next()
  })
  users.param('id', (req: Req, res: Res, next: Next, id: string) => {
    if (id === 'skip') return next('route')
    req.loaded = (req.loaded ?? []).concat('id:' + id)
    next()
  })
  users.get('/', show('users'))
  users.route('/:id').get(show('user')).put(show('put user')).delete(async () => { throw new Error('cannot delete') })
  users.get('/:id', show('after skip'))
  users.get('/:id/files/*path', show('user files'))
  files.get('/Readme{.:ext}', show('readme'))
  files.use('/raw', (req: Req, res: Res, next: Next) => { if (req.url === '/stop') next('router'); else show('raw')(req, res) })
  root.use('/orgs/:org/users', users)
  root.use('/files', files)
  root.get(/^\/re\/(\d+)(?:\/(?<slug>[a-z-]+))?$/, show('regexp'))
  root.get(['/alt/:a', '/alt/*rest'], show('array'))
  root.all('/any', show('any'))
  root.use((err: Error, req: Req, res: Res, next: Next) => { void next; res.end('error: ' + err.message) })
  return root
}

const REQUESTS: Array<[string, string]> = [
  ['GET', '/orgs/acme/users'],
  ['GET', '/orgs/acme/users/'],
  ['GET', '/orgs/acme/users/7'],
  ['HEAD', '/orgs/acme/users/7'],
  ['PUT', '/orgs/acme/users/7'],
  ['DELETE', '/orgs/acme/users/7'],
  ['POST', '/orgs/acme/users/7'],
  ['OPTIONS', '/orgs/acme/users/7'],
  ['GET', '/orgs/acme/users/skip'],
  ['GET', '/orgs/bad/users/7'],
  ['GET', '/orgs/a%20b/users/7/files/x/y%2Fz'],
  ['GET', '/orgs/acme/users/%E0%A4%A'],
  ['GET', '/files/Readme'],
  ['GET', '/files/Readme.md'],
  ['GET', '/files/readme.md'],
  ['GET', '/files/raw/a/b?q=1'],
  ['GET', '/files/raw/stop'],
  ['GET', '/FILES/Readme'],
  ['GET', '/re/12'],
  ['GET', '/re/12/some-slug'],
  ['GET', '/alt/1'],
  ['GET', '/alt/1/2'],
  ['PATCH', '/any'],
  ['OPTIONS', '/any'],
  ['GET', '/nothing'],
  ['OPTIONS', '/nothing'],
  ['GET', 'http://example.com/orgs/acme/users/1?x=y']
]

describe('express5-routing: differential against router 2', () => {
  it('answers a tree of routers as router 2 does, request by request', async () => {
    const mine = build(Router5)
    const real = build(RealRouter)
    for (const [method, url] of REQUESTS) {
      assert.deepEqual(await dispatch(mine, method, url), await dispatch(real, method, url), `${method} ${url}`)
    }
  })
})

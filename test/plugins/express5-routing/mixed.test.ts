import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import { express4, express5 } from './support'

type Next = (err?: unknown) => void
type Req = { params: Record<string, unknown>, baseUrl: string, url: string, originalUrl: string }
type Res = { status (code: number): Res, json (body: unknown): void, send (body: unknown): void, end (body?: string): void }

/** Answers with what a handler sees of its place in the app. */
const where = (req: Req, res: Res) => { res.json({ params: req.params, baseUrl: req.baseUrl, url: req.url }) }
/** An error handler that answers with the status and message of the error. */
const report = (err: Error & { status?: number }, req: Req, res: Res, next: Next) => { void next; res.status(err.status ?? 500).send('error: ' + err.message) }

describe('express5-routing: Express 4 and Express 5 routers in one app (an app of each kind of framework)', () => {
  describe('an Express 4 app mounting an Express 5 router', () => {
    const app = express4()
    const v5 = express5.Router()
    v5.get('/files/*path', where)
    v5.get('/async/:id', async (req: Req) => { await Promise.resolve(); throw new Error('async ' + String(req.params.id)) })
    v5.get('/decode/:id', where)
    app.use('/v5', v5)
    app.get('/v4/:id?', where)
    app.use((req: Req, res: Res, next: Next) => { if (req.url === '/after') res.send(`after: "${req.baseUrl}"`); else next() })
    app.use(report)

    it('routes the router\'s requests by path-to-regexp 8, with the mount path as req.baseUrl', async () => {
      await request(app).get('/v5/files/a/b.txt').expect(200, { params: { path: ['a', 'b.txt'] }, baseUrl: '/v5', url: '/files/a/b.txt' })
    })

    it('routes its own requests by path-to-regexp 0.1', async () => {
      await request(app).get('/v4').expect(200, { params: {}, baseUrl: '', url: '/v4' })
      await request(app).get('/v4/3').expect(200, { params: { id: '3' }, baseUrl: '', url: '/v4/3' })
    })

    it('gets the rejection of the router\'s async handler in its own error handler', async () => {
      await request(app).get('/v5/async/9').expect(500, 'error: async 9')
    })

    it('gets the router\'s 400 for a parameter that cannot be decoded', async () => {
      await request(app).get('/v5/decode/%E0%A4%A').expect(400, 'error: Failed to decode param \'%E0%A4%A\'')
    })

    it('goes on past the router with its own req.baseUrl, and answers what nothing routes with its 404', async () => {
      await request(app).get('/after').expect(200, 'after: ""')
      await request(app).get('/v5/none').expect(404, /Cannot GET \/v5\/none/)
    })
  })

  describe('an Express 5 app mounting an Express 4 router', () => {
    const app = express5()
    const v4 = express4.Router()
    v4.get('/users/:id?', where)
    v4.get('/throws', () => { throw new Error('thrown in v4') })
    app.use('/legacy', v4)
    app.get('/files/*path', where)
    app.get('/archive{/:year}', where)
    app.use(report)

    it('routes its own requests by path-to-regexp 8', async () => {
      await request(app).get('/files/x/y').expect(200, { params: { path: ['x', 'y'] }, baseUrl: '', url: '/files/x/y' })
      await request(app).get('/archive').expect(200, { params: {}, baseUrl: '', url: '/archive' })
      await request(app).get('/archive/2020').expect(200, { params: { year: '2020' }, baseUrl: '', url: '/archive/2020' })
    })

    it('routes the router\'s requests by path-to-regexp 0.1', async () => {
      await request(app).get('/legacy/users').expect(200, { params: {}, baseUrl: '/legacy', url: '/users' })
      await request(app).get('/legacy/users/5').expect(200, { params: { id: '5' }, baseUrl: '/legacy', url: '/users/5' })
    })

    it('gets errors thrown in the router in its own error handler', async () => {
      await request(app).get('/legacy/throws').expect(500, 'error: thrown in v4')
    })

    it('refuses Express 4 syntax in its own routes, which an Express 4 app takes', () => {
      assert.throws(() => express5().get('/users/:id?', where), { name: 'TypeError' })
      assert.throws(() => express5().use('/files/*', where), { name: 'TypeError' })
      assert.doesNotThrow(() => express4().get('/users/:id?', where))
    })
  })

  it('merges params through routers of both versions, nested', async () => {
    const app = express4()
    const org = express5.Router({ mergeParams: true })
    const team = express4.Router({ mergeParams: true })
    const member = express5.Router({ mergeParams: true })
    member.get('/:id', where)
    team.use('/members', member)
    org.use('/teams/:team', team)
    app.use('/orgs/:org', org)
    await request(app).get('/orgs/acme/teams/red/members/7').expect(200, {
      params: { org: 'acme', team: 'red', id: '7' },
      baseUrl: '/orgs/acme/teams/red/members',
      url: '/7'
    })
  })

  it('answers OPTIONS in each app\'s own way', async () => {
    const app4 = express4()
    app4.get('/x', where)
    app4.post('/x', where)
    const app5 = express5()
    app5.get('/x', where)
    app5.post('/x', where)
    await request(app4).options('/x').expect('Allow', 'GET,HEAD,POST').expect(200, 'GET,HEAD,POST')
    await request(app5).options('/x').expect('Allow', 'GET, HEAD, POST').expect(200, 'GET, HEAD, POST')
  })
})

// express-async-errors installed beside the framework under Express's name: it requires
// `express/lib/router/layer` and `express/lib/router` and patches them, so a rejected promise of
// an async handler, middleware or param callback reaches the error middleware. Run in a fresh
// node process from a temporary folder whose node_modules/express links to the built package,
// and the same way with the link to express@4, with the same expectations.
import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { EXPRESS_TARGETS, REQUEST_HELPER, aliasProject, type AliasProject } from './support/express-alias'

/** Runs `body` after `require('express-async-errors')`, with `express`, `request(app, path)` and `out`; returns `out`. */
function check (project: AliasProject, body: string): any {
  const source = `
    require('express-async-errors')
    const express = require('express')
    ${REQUEST_HELPER}
    const out = {}
    const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
    const report = (err, req, res, next) => { res.status(err.status || 500).json({ caught: err.message }) }
    ;(async () => { ${body} })().then(
      () => { console.log(JSON.stringify(out)) },
      (err) => { console.error(err); process.exit(1) })
  `
  return JSON.parse(project.run(source))
}

/** [status, body] of a reply, for compact comparisons. */
const PICK = 'const pick = (r) => [r.status, r.body]'

for (const [name, target] of EXPRESS_TARGETS) {
  describe(`express-async-errors, node_modules/express → ${name}`, () => {
    let project: AliasProject
    before(() => { project = aliasProject(target(), ['express-async-errors']) })
    after(() => { project.remove() })

    it('sends a rejected async route handler to the error middleware', () => {
      const out = check(project, `${PICK}
        const app = express()
        app.get('/fail', async (req, res) => { await sleep(1); throw new Error('async boom') })
        app.get('/ok', async (req, res) => { await sleep(1); res.send('fine') })
        app.get('/sync', (req, res) => { throw new Error('sync boom') })
        app.use(report)
        out.fail = pick(await request(app, '/fail'))
        out.ok = pick(await request(app, '/ok'))
        out.sync = pick(await request(app, '/sync'))
      `)
      assert.deepEqual(out, {
        fail: [500, '{"caught":"async boom"}'],
        ok: [200, 'fine'],
        sync: [500, '{"caught":"sync boom"}']
      })
    })

    it('covers async middleware, routers and route chains', () => {
      const out = check(project, `${PICK}
        const app = express()
        app.use(async (req, res, next) => { await sleep(1); if (req.url === '/guarded') { const e = new Error('not allowed'); e.status = 403; throw e } next() })
        const api = express.Router()
        api.get('/items/:id', async (req, res) => { await sleep(1); throw new Error('no item ' + req.params.id) })
        api.route('/chain')
          .get(async (req, res, next) => { await sleep(1); next() }, async (req, res) => { await sleep(1); throw new Error('second of the chain') })
        app.use('/api', api)
        app.use(report)
        out.guarded = pick(await request(app, '/guarded'))
        out.item = pick(await request(app, '/api/items/7'))
        out.chain = pick(await request(app, '/api/chain'))
      `)
      assert.deepEqual(out, {
        guarded: [403, '{"caught":"not allowed"}'],
        item: [500, '{"caught":"no item 7"}'],
        chain: [500, '{"caught":"second of the chain"}']
      })
    })

    it('sends a rejected async param callback to the error middleware', () => {
      const out = check(project, `${PICK}
        const app = express()
        app.param('id', async (req, res, next, id) => { await sleep(1); if (id === 'bad') throw new Error('bad id'); req.found = id; next() })
        app.get('/users/:id', (req, res) => { res.send('user ' + req.found) })
        const router = express.Router()
        router.param('slug', async (req, res, next, slug) => { await sleep(1); throw new Error('no post ' + slug) })
        router.get('/posts/:slug', (req, res) => { res.send('never') })
        app.use(router)
        app.use(report)
        out.good = pick(await request(app, '/users/tobi'))
        out.bad = pick(await request(app, '/users/bad'))
        out.router = pick(await request(app, '/posts/hello'))
      `)
      assert.deepEqual(out, {
        good: [200, 'user tobi'],
        bad: [500, '{"caught":"bad id"}'],
        router: [500, '{"caught":"no post hello"}']
      })
    })

    it('passes a rejection of async error middleware on to the next error middleware', () => {
      const out = check(project, `${PICK}
        const app = express()
        app.get('/', async () => { throw new Error('first') })
        app.use(async (err, req, res, next) => { await sleep(1); throw new Error(err.message + ', then second') })
        app.use(report)
        out.reply = pick(await request(app, '/'))
      `)
      assert.deepEqual(out, { reply: [500, '{"caught":"first, then second"}'] })
    })

    it('reaches the final handler when no error middleware is there', () => {
      const out = check(project, `
        const app = express()
        app.set('env', 'production')
        app.get('/', async () => { const e = new Error('hidden'); e.status = 418; throw e })
        const r = await request(app, '/')
        out.reply = [r.status, r.headers['content-type'], r.body.includes('I&#39;m a Teapot')]
      `)
      assert.deepEqual(out, { reply: [418, 'text/html; charset=utf-8', true] })
    })
  })
}

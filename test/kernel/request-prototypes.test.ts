import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import request from 'supertest'
import framework from '../../presets/default'
import { serverClasses, adoptPrototypes } from '../../kernel/internal/prototypes'

function get (server: http.Server, urlPath: string): Promise<string> {
  const { port } = server.address() as AddressInfo
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => { body += c })
      res.on('end', () => resolve(body))
    }).on('error', reject)
  })
}

function listen (app: ReturnType<typeof framework>): Promise<http.Server> {
  return new Promise((resolve) => { const server = app.listen(0, '127.0.0.1', () => resolve(server)) })
}

describe('req and res prototypes', () => {
  describe('when app.listen() made the server', () => {
    it('builds req and res from classes already inheriting app.request and app.response (nothing switched per request)', async () => {
      const app = framework()
      const seen: Array<[object | null, object | null]> = []
      app.get('/', (req, res) => {
        seen.push([Object.getPrototypeOf(Object.getPrototypeOf(req)), Object.getPrototypeOf(Object.getPrototypeOf(res))])
        res.send(typeof req.get + ' ' + String(req.app === app) + ' ' + String(res.app === app))
      })
      const server = await listen(app)
      try {
        assert.equal(await get(server, '/'), 'function true true')
        assert.deepEqual(seen, [[app.request, app.response]])
      } finally {
        server.close()
      }
    })

    it('sees helpers added to app.request and framework.response after the server was made', async () => {
      const app = framework()
      const server = await listen(app)
      Object.defineProperty(app.request, 'late', { configurable: true, get () { return 'late request helper' } })
      ;(framework.response as unknown as Record<string, unknown>).lateHelper = function lateHelper (this: http.ServerResponse) { this.end('late response helper') }
      app.get('/', (req, res) => { (res as unknown as { lateHelper (): void }).lateHelper() })
      app.get('/req', (req, res) => { res.send((req as unknown as { late: string }).late) })
      try {
        assert.equal(await get(server, '/'), 'late response helper')
        assert.equal(await get(server, '/req'), 'late request helper')
      } finally {
        server.close()
        delete (framework.response as unknown as Record<string, unknown>).lateHelper
      }
    })

    it('switches to a mounted app\'s prototypes inside it, and back after it', async () => {
      const app = framework()
      const sub = framework()
      const seen: string[] = []
      sub.use((req, res, next) => { seen.push(`sub: ${String(req.app === sub)} ${String(res.app === sub)}`); next() })
      app.use('/sub', sub)
      app.use((req, res) => { seen.push(`parent: ${String(req.app === app)} ${String(res.app === app)}`); res.send('ok') })
      const server = await listen(app)
      try {
        assert.equal(await get(server, '/sub/x'), 'ok')
        assert.deepEqual(seen, ['sub: true true', 'parent: true true'])
      } finally {
        server.close()
      }
    })
  })

  describe('when the server was made elsewhere', () => {
    it('switches the prototypes as Express does (http.createServer(app))', async () => {
      const app = framework()
      app.get('/', (req, res) => {
        res.json([Object.getPrototypeOf(req) === app.request, Object.getPrototypeOf(res) === app.response])
      })
      await request(app).get('/').expect(200, [true, true])
    })

    it('switches a request built by another app\'s classes to this app\'s prototypes', () => {
      const app = framework()
      const other = framework()
      const { IncomingMessage, ServerResponse } = serverClasses(other)
      const req = new IncomingMessage(new net.Socket())
      const res = new ServerResponse(req)
      adoptPrototypes(app, req, res)
      assert.equal(Object.getPrototypeOf(req), app.request)
      assert.equal(Object.getPrototypeOf(res), app.response)
    })
  })

  describe('serverClasses(app)', () => {
    it('makes the classes once per app, and again when app.request is replaced', () => {
      const app = framework()
      const first = serverClasses(app)
      assert.equal(serverClasses(app), first)
      app.request = Object.create(app.request)
      const second = serverClasses(app)
      assert.notEqual(second, first)
      assert.equal(Object.getPrototypeOf(second.IncomingMessage.prototype), app.request)
      assert.ok(new second.IncomingMessage(new net.Socket()) instanceof http.IncomingMessage)
    })
  })
})

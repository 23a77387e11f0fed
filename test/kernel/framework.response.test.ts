import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { ServerResponse } from 'node:http'
import request from 'supertest'
import { createFramework } from '../../kernel'

describe('framework.response', () => {
  it('inherits from http.ServerResponse.prototype directly, as Express\'s response does', () => {
    const framework = createFramework()
    assert.ok(framework.response instanceof ServerResponse)
    assert.equal(Object.getPrototypeOf(framework.response), ServerResponse.prototype)
    assert.deepEqual(Object.keys(framework.response), [], 'nothing enumerable added to framework.response')
  })

  it('is the prototype of every app\'s app.response', () => {
    const framework = createFramework()
    const a = framework()
    const b = framework()
    assert.equal(Object.getPrototypeOf(a.response), framework.response)
    assert.equal(Object.getPrototypeOf(b.response), framework.response)
    assert.equal(a.response.app, a)
    assert.equal(b.response.app, b)
  })

  it('reaches every app, including apps made before the extension', async () => {
    const framework = createFramework()
    const before = framework()
    ;(framework.response as unknown as Record<string, unknown>).shout = function shout (this: ServerResponse, text: string) { this.end(text.toUpperCase()) }
    const after = framework()
    for (const app of [before, after]) {
      app.get('/', (req, res) => { (res as unknown as { shout (t: string): void }).shout('hey') })
      await request(app).get('/').expect(200, 'HEY')
    }
  })

  it('reaches a mounted sub-app', async () => {
    const framework = createFramework()
    ;(framework.response as unknown as Record<string, unknown>).tag = function tag (this: ServerResponse) { this.end('tagged') }
    const app = framework()
    const sub = framework()
    sub.get('/', (req, res) => { (res as unknown as { tag (): void }).tag() })
    app.use('/sub', sub)
    await request(app).get('/sub').expect(200, 'tagged')
  })

  it('can be overridden for one app through app.response', async () => {
    const framework = createFramework()
    ;(framework.response as unknown as Record<string, unknown>).who = function who (this: ServerResponse) { this.end('shared') }
    const special = framework()
    const plain = framework()
    ;(special.response as unknown as Record<string, unknown>).who = function who (this: ServerResponse) { this.end('own') }
    for (const [app, expected] of [[special, 'own'], [plain, 'shared']] as const) {
      app.get('/', (req, res) => { (res as unknown as { who (): void }).who() })
      await request(app).get('/').expect(200, expected)
    }
  })
})

import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import logger from '../../../plugins/logger'
import { bareServer, captureLines } from './support'

describe('logger.token(name, fn)', () => {
  it('defines a token usable as :name and :name[arg]', async () => {
    const out = captureLines()
    logger.token('test-type', (req, res, arg) => (arg ? arg + ':' : '') + String(req.headers['content-type']))
    await request(bareServer(logger(':test-type :test-type[ct]', { stream: out.stream })))
      .post('/').set('Content-Type', 'text/plain').send('x').expect(200)
    assert.equal(await out.nextLine(), 'text/plain ct:text/plain')
  })

  it('exposes the token as a property and returns the logger', () => {
    const fn = () => 'x'
    assert.equal(logger.token('test-prop', fn), logger)
    assert.equal(logger['test-prop'], fn)
  })

  it('overwrites a token of the same name', async () => {
    const out = captureLines()
    logger.token('test-over', () => 'first')
    const mw = logger(':test-over', { stream: out.stream })
    logger.token('test-over', () => 'second')
    await request(bareServer(mw)).get('/').expect(200)
    assert.equal(await out.nextLine(), 'second')
  })

  it('can use names functions already carry', async () => {
    const out = captureLines()
    logger.token('name', () => 'named')
    await request(bareServer(logger(':name', { stream: out.stream }))).get('/').expect(200)
    assert.equal(await out.nextLine(), 'named')
  })

  it('rejects a token that is not a function', () => {
    assert.throws(() => logger.token('test-bad', 'x' as unknown as logger.TokenCallbackFn), { name: 'TypeError' })
  })

  it('has predefined tokens reachable as properties', () => {
    for (const name of ['date', 'http-version', 'method', 'pid', 'referrer', 'remote-addr', 'remote-user',
      'req', 'res', 'response-time', 'status', 'total-time', 'url', 'user-agent']) {
      assert.equal(typeof logger[name], 'function', name)
    }
  })
})

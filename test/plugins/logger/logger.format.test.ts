import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import logger from '../../../plugins/logger'
import { bareServer, captureLines } from './support'

describe('logger.format(name, format)', () => {
  it('defines a named format string', async () => {
    const out = captureLines()
    assert.equal(logger.format('test-string', 'format :method :url'), logger)
    assert.equal(logger['test-string'], 'format :method :url')
    await request(bareServer(logger('test-string', { stream: out.stream }))).get('/s').expect(200)
    assert.equal(await out.nextLine(), 'format GET /s')
  })

  it('defines a named format function', async () => {
    const out = captureLines()
    logger.format('test-fn', (tokens, req, res) => `fn ${tokens.method(req, res)} ${res.statusCode}`)
    await request(bareServer(logger('test-fn', { stream: out.stream }))).get('/').expect(200)
    assert.equal(await out.nextLine(), 'fn GET 200')
  })

  it('redefines a format of the same name for loggers made afterwards', async () => {
    const out = captureLines()
    logger.format('test-redefine', 'one')
    logger.format('test-redefine', 'two')
    await request(bareServer(logger('test-redefine', { stream: out.stream }))).get('/').expect(200)
    assert.equal(await out.nextLine(), 'two')
  })

  it('does not take the logger\'s own methods or inherited members as formats', async () => {
    const out = captureLines()
    await request(bareServer(logger('compile', { stream: out.stream }))).get('/').expect(200)
    assert.equal(await out.nextLine(), 'compile')
    const out2 = captureLines()
    await request(bareServer(logger('toString', { stream: out2.stream }))).get('/').expect(200)
    assert.equal(await out2.nextLine(), 'toString')
  })

  it('rejects a format that is neither a string nor a function', () => {
    assert.throws(() => logger.format('test-bad', 3 as unknown as string), { name: 'TypeError' })
  })
})

import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import { createFramework } from '../../../kernel'
import framework from '../../../presets/default'
import logger from '../../../plugins/logger'
import { loggerPlugin, PLUGIN_NAME } from '../../../plugins/logger/plugin'
import { captureLines } from './support'

describe('loggerPlugin()', () => {
  it('is named logger', () => {
    assert.equal(PLUGIN_NAME, 'logger')
    assert.equal(loggerPlugin().name, 'logger')
  })

  it('attaches the logger as framework.logger in a trimmed build', async () => {
    const trimmed = createFramework({ plugins: [loggerPlugin()] })
    assert.equal(trimmed.logger, logger)
    const out = captureLines()
    const app = trimmed()
    app.use(trimmed.logger!(':method :url :status', { stream: out.stream }))
    app.get('/hi', (req, res) => { res.end('hi') })
    await request(app).get('/hi').expect(200, 'hi')
    assert.equal(await out.nextLine(), 'GET /hi 200')
  })

  it('is not part of the default preset (Express 4 bundles no logger)', () => {
    let value: unknown
    try { value = (framework as unknown as Record<string, unknown>).logger } catch { value = undefined }
    assert.notEqual(value, logger)
  })
})

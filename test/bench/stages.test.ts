// bench/stages.ts charges each sample to a stage by the innermost framework frame: which frames name which stage.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { stageOf } from '../../bench/lib/stages'

const at = (file: string, functionName = 'f'): { functionName: string, url: string } => ({ functionName, url: `file:///srv/ristretto/dist/${file}` })

test('kernel, plugin and preset frames name their stage', () => {
  assert.equal(stageOf(at('kernel/router/router.js', 'next')), 'kernel pass')
  assert.equal(stageOf(at('kernel/application.js', 'handle')), 'kernel pass')
  assert.equal(stageOf(at('kernel/application.js', 'expressInit')), 'init')
  assert.equal(stageOf(at('kernel/internal/prototypes.js', 'adoptPrototypes')), 'init')
  assert.equal(stageOf(at('plugins/query/query-middleware.js', 'query')), 'query')
  assert.equal(stageOf(at('kernel/router/router.js', 'runRoute')), 'route')
  assert.equal(stageOf(at('kernel/router/matchers/fast/shortcut.js')), 'route')
  assert.equal(stageOf(at('kernel/router/route.js', 'dispatch')), 'route')
  assert.equal(stageOf(at('plugins/express5-routing/router.js', 'next')), 'kernel pass')
  assert.equal(stageOf(at('plugins/express5-routing/segment-walker.js', 'walkSegments')), 'route')
  assert.equal(stageOf(at('plugins/response/send.js', 'sendBody')), 'send')
  assert.equal(stageOf(at('plugins/request/freshness.js', 'fresh')), 'send')
  assert.equal(stageOf(at('plugins/parser/json.js')), 'body parser')
  assert.equal(stageOf(at('plugins/body-json/parse-json.js', 'parseJson')), 'body parser')
  assert.equal(stageOf(at('plugins/body-reader/read-body.js', 'readBody')), 'body parser')
  assert.equal(stageOf(at('plugins/express5-response/send.js')), 'send')
  assert.equal(stageOf(at('plugins/logger/index.js')), 'logger')
  assert.equal(stageOf(at('presets/express5.js')), 'kernel pass')
  assert.equal(stageOf(at('bench/apps/express-style.js', 'hello')), 'handler')
})

test('node\'s frames and Ristretto\'s dependencies name none (the caller\'s stage counts); fastify is a framework', () => {
  assert.equal(stageOf({ functionName: 'setHeader', url: 'node:_http_outgoing' }), undefined)
  assert.equal(stageOf({ functionName: '(garbage collector)', url: '' }), undefined)
  assert.equal(stageOf({ functionName: 'parse', url: 'file:///srv/ristretto/node_modules/qs/lib/parse.js' }), undefined)
  assert.equal(stageOf({ functionName: 'route', url: 'file:///srv/ristretto/node_modules/fastify/lib/route.js' }), 'framework (other)')
  assert.equal(stageOf({ functionName: 'find', url: 'file:///srv/ristretto/node_modules/find-my-way/index.js' }), 'framework (other)')
})

test('the harness counts only its reading of what the server writes', () => {
  assert.equal(stageOf(at('bench/lib/in-memory.js', 'push')), 'harness')
  assert.equal(stageOf(at('bench/lib/in-memory.js', 'writev')), 'harness')
  assert.equal(stageOf(at('bench/lib/in-memory.js', 'run')), undefined)
})

// makeAppQueryLayersWith: the apps of a framework make their `query` layer by calling a function
// registered for it (the Express 4 edition registers what `express/lib/middleware/query` exports),
// so that a wrapper of that function, as a tool puts one on the module's export, wraps each app's
// layer; the layer itself is the one the app makes without it.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import { createFramework } from '../../../kernel'
import defaultPreset from '../../../presets/default'
import { makeAppQueryLayersWith, queryPlugin } from '../../../plugins/query'
import { hardenedPlugin } from '../../../plugins/hardened'

type Handler = (req: any, res: any, next: (err?: unknown) => void) => void

test('a registered wrapper makes every app\'s query layer, the kernel\'s own inside it', async () => {
  const framework = createFramework({ plugins: [queryPlugin()] })
  const seen: string[] = []
  const original = framework.query
  makeAppQueryLayersWith(framework, function query (this: unknown, ...args: unknown[]) {
    const layer = (original as (...a: unknown[]) => Handler).apply(this, args)
    return function query (req: any, res: any, next: (err?: unknown) => void) {
      layer(req, res, () => { seen.push(JSON.stringify(req.query)); next() })
    }
  } as typeof original)
  const app = framework()
  app.get('/', (req, res) => { res.end(JSON.stringify(req.query)) })
  assert.deepEqual(app._router!.stack.map((layer) => layer.name), ['query', 'expressInit', 'bound dispatch'])
  await request(app).get('/?a[b]=1').expect(200, '{"a":{"b":"1"}}')
  await request(app).get('/').expect(200, '{}')
  assert.deepEqual(seen, ['{"a":{"b":"1"}}', '{}'])
  // Another framework's apps are untouched.
  const other = defaultPreset()
  other.get('/', (req, res) => { res.end(JSON.stringify(req.query)) })
  await request(other).get('/?x=1').expect(200, '{"x":"1"}')
  assert.deepEqual(seen.length, 2)
})

test('the layer made through the registered function is the one the app makes without it', async () => {
  const plain = createFramework({ plugins: [...defaultPreset.plugins, hardenedPlugin()] })
  const framework = createFramework({ plugins: [...defaultPreset.plugins, hardenedPlugin()] })
  let calls = 0
  const original = framework.query
  makeAppQueryLayersWith(framework, function query (this: unknown, ...args: unknown[]) {
    calls++
    return (original as (...a: unknown[]) => Handler).apply(this, args)
  } as typeof original)
  const replies: string[][] = []
  for (const f of [plain, framework]) {
    const texts: string[] = []
    for (const parser of ['simple', 'extended', (str: string) => ({ raw: str })]) {
      const app = f()
      app.set('query parser', parser)
      app.get('/', (req, res) => { res.end(JSON.stringify(req.query)) })
      for (const url of ['/?a[b]=1&__proto__=x&constructor[c]=2', '/', '/?a=1&a=2']) {
        texts.push((await request(app).get(url).expect(200)).text)
      }
    }
    replies.push(texts)
  }
  assert.deepEqual(replies[1], replies[0])
  assert.equal(calls, 3)
  // Called as `framework.query(options)`, it is still the public middleware factory.
  assert.equal(original({ depth: 0 }).name, 'query')
})

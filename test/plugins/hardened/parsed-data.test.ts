import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import type { Framework } from '../../../kernel'
import { hardened, plain } from './support'
import { dropPrototypeKeys } from '../../../plugins/hardened'

// `__proto__`, `constructor` and `prototype` keys in parsed JSON and urlencoded bodies and in
// req.query: dropped by the hardened plugin, kept (as plain data) without it. Each app runs the
// recursive merge that turns such keys into prototype pollution.

/* eslint-disable @typescript-eslint/no-explicit-any -- handlers of frameworks built in the test */

/** The naive deep merge found in apps: copies every own key, recursing into objects (and into what the target holds there). */
function merge (target: any, source: any): any {
  for (const key of Object.keys(source)) {
    if (source[key] !== null && typeof source[key] === 'object') {
      if (target[key] === null || (typeof target[key] !== 'object' && typeof target[key] !== 'function')) target[key] = {}
      merge(target[key], source[key])
    } else {
      target[key] = source[key]
    }
  }
  return target
}

/** Which of the keys `req.body` or `req.query` still hold, and whether merging it polluted `Object.prototype`. */
function app (framework: Framework, queryParser?: unknown): any {
  const a: any = framework()
  if (queryParser !== undefined) a.set('query parser', queryParser)
  a.use(framework.json({ strict: false }), framework.urlencoded({ extended: true }))
  a.post('/form-simple', framework.urlencoded({ extended: false }))
  const report = (data: any, res: any): void => {
    const polluted = merge({}, data) && ({} as any).polluted !== undefined
    delete (Object.prototype as any).polluted
    res.json({ keys: JSON.stringify(data), polluted })
  }
  a.all('*', (req: any, res: any) => { report(req.method === 'GET' ? req.query : req.body, res) })
  return a
}

const JSON_BODY = '{"__proto__":{"polluted":1},"a":{"constructor":{"prototype":{"polluted":2}},"b":[{"__proto__":{"x":1}},2]},"c":1}'

describe('hardened: prototype keys in parsed data', () => {
  it('JSON bodies: dropped at any depth when on', async () => {
    const res = await request(app(hardened())).post('/').type('json').send(JSON_BODY).expect(200)
    assert.deepEqual(res.body, { keys: '{"a":{"b":[{},2]},"c":1}', polluted: false })
  })

  it('JSON bodies: kept as own keys when off, and the merge pollutes', async () => {
    for (const framework of [hardened({ dropPrototypeKeys: false }), plain]) {
      const res = await request(app(framework)).post('/').type('json').send(JSON_BODY).expect(200)
      assert.equal(res.body.keys, JSON_BODY)
      assert.equal(res.body.polluted, true)
    }
  })

  it('urlencoded bodies (qs and querystring): dropped when on, kept when off', async () => {
    const form = 'constructor[prototype][polluted]=1&prototype=2&a[constructor]=3&b=4'
    const on = await request(app(hardened())).post('/').type('form').send(form).expect(200)
    assert.equal(on.body.keys, '{"a":{},"b":"4"}')
    const simple = await request(app(hardened())).post('/form-simple').type('form').send('__proto__=1&constructor=2&b=3').expect(200)
    assert.equal(simple.body.keys, '{"b":"3"}')
    const off = await request(app(hardened({ dropPrototypeKeys: false }))).post('/').type('form').send(form).expect(200)
    assert.equal(off.body.keys, '{"constructor":{"prototype":{"polluted":"1"}},"prototype":"2","a":{"constructor":"3"},"b":"4"}')
    const offSimple = await request(app(plain)).post('/form-simple').type('form').send('__proto__=1&constructor=2&b=3').expect(200)
    assert.equal(offSimple.body.keys, '{"constructor":"2","b":"3"}')
  })

  it('req.query with each query parser: dropped when on, kept when off', async () => {
    const url = '/?constructor[prototype][polluted]=1&__proto__=2&b=3&constructor=4&prototype=5'
    const parsers: unknown[] = ['extended', 'simple', function searchParams (str: string) { return Object.fromEntries(new URLSearchParams(str)) }]
    for (const parser of parsers) {
      const on = await request(app(hardened(), parser)).get(url).expect(200)
      assert.equal(on.body.keys, parser === 'extended' ? '{"b":"3"}' : '{"constructor[prototype][polluted]":"1","b":"3"}', String(parser))
      assert.equal(on.body.polluted, false)
      const off = await request(app(plain, parser)).get(url).expect(200)
      assert.match(off.body.keys, /"constructor":/, String(parser))
    }
    const extended = await request(app(plain)).get('/?constructor[prototype][polluted]=1&b=3').expect(200)
    assert.equal(extended.body.polluted, true)
  })

  it('dropPrototypeKeys walks deep nesting without recursion and leaves other objects alone', () => {
    let deep: any = { __proto__: null, leaf: { constructor: 1, kept: 2 } }
    for (let i = 0; i < 100_000; i++) deep = [deep]
    dropPrototypeKeys(deep)
    let inner = deep
    while (Array.isArray(inner)) inner = inner[0]
    assert.deepEqual({ ...inner.leaf }, { kept: 2 })
    const buffer = Buffer.from('ab')
    assert.equal(dropPrototypeKeys(buffer), buffer)
    class Model { constructor (public prototype = 1) {} }
    const model = new Model()
    assert.equal(dropPrototypeKeys({ m: model }).m.prototype, 1)
  })
})

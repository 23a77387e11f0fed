import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import framework from '../../../presets/default'
import { withNodeEnv } from '../support'

describe('settings of a mounted sub-app', () => {
  describe('settings without a default', () => {
    it('are inherited from the parent, whether set before or after mounting', () => {
      const parent = framework()
      const child = framework()
      parent.set('title', 'Parent')
      parent.use('/child', child)
      parent.set('json spaces', 2)
      assert.equal(child.get('title'), 'Parent')
      assert.equal(child.get('json spaces'), 2)
      assert.equal(child.enabled('title'), true)
    })

    it('are inherited through several levels', () => {
      const top = framework()
      const middle = framework()
      const bottom = framework()
      top.use('/m', middle)
      middle.use('/b', bottom)
      top.set('view engine', 'tmpl')
      assert.equal(bottom.get('view engine'), 'tmpl')
    })

    it('are overridden by the child\'s own value, without changing the parent', () => {
      const parent = framework()
      const child = framework()
      parent.set('title', 'Parent')
      parent.use(child)
      child.set('title', 'Child')
      assert.equal(child.get('title'), 'Child')
      assert.equal(parent.get('title'), 'Parent')
    })

    it('shape the child\'s routing: strict routing set on the parent', async () => {
      const parent = framework()
      const child = framework()
      parent.enable('strict routing')
      parent.use('/c', child)
      child.get('/foo/', (req, res) => { res.end('slash') })
      await request(parent).get('/c/foo/').expect(200, 'slash')
      await request(parent).get('/c/foo').expect(404)
    })
  })

  describe('settings with a default', () => {
    it('are not inherited: the child keeps its own defaults', () => {
      const parent = framework()
      const child = framework()
      parent.set('etag', false)
      parent.set('subdomain offset', 3)
      parent.set('query parser', 'simple')
      parent.set('jsonp callback name', 'cb')
      parent.set('env', 'staging')
      parent.disable('x-powered-by')
      parent.use('/child', child)
      assert.equal(child.get('etag'), 'weak')
      assert.equal(child.get('subdomain offset'), 2)
      assert.equal(child.get('query parser'), 'extended')
      assert.equal(child.get('jsonp callback name'), 'callback')
      assert.notEqual(child.get('env'), 'staging')
      assert.equal(child.enabled('x-powered-by'), true)
    })

    it('are not inherited in behaviour: the child still sends an ETag when the parent turned them off', async () => {
      const parent = framework()
      const child = framework()
      parent.set('etag', false)
      child.get('/', (req, res) => { res.send('hello') })
      parent.get('/', (req, res) => { res.send('hello') })
      parent.use('/child', child)
      const fromParent = await request(parent).get('/').expect(200)
      const fromChild = await request(parent).get('/child').expect(200)
      assert.equal(fromParent.headers.etag, undefined)
      assert.match(fromChild.headers.etag, /^W\/"/)
    })
  })

  describe('trust proxy', () => {
    it('is inherited when the child never set it (parent set before mounting)', async () => {
      const parent = framework()
      const child = framework()
      parent.set('trust proxy', true)
      child.get('/', (req, res) => { res.send(req.ip) })
      parent.use('/child', child)
      assert.equal(child.get('trust proxy'), true)
      await request(parent).get('/child').set('X-Forwarded-For', '203.0.113.9').expect(200, '203.0.113.9')
    })

    it('is inherited when the parent sets it after mounting', async () => {
      const parent = framework()
      const child = framework()
      child.get('/', (req, res) => { res.send(req.ip) })
      parent.use('/child', child)
      parent.set('trust proxy', 'loopback')
      assert.equal(child.get('trust proxy'), 'loopback')
      await request(parent).get('/child').set('X-Forwarded-For', '203.0.113.9').expect(200, '203.0.113.9')
    })

    it('is not inherited when the child set it itself', async () => {
      const parent = framework()
      const child = framework()
      child.set('trust proxy', false)
      child.get('/', (req, res) => { res.send(String(req.ip === '203.0.113.9')) })
      parent.set('trust proxy', true)
      parent.use('/child', child)
      assert.equal(child.get('trust proxy'), false)
      await request(parent).get('/child').set('X-Forwarded-For', '203.0.113.9').expect(200, 'false')
    })
  })

  describe('view cache', () => {
    it('is inherited outside production', () => {
      const parent = withNodeEnv('development', () => framework())
      const child = withNodeEnv('development', () => framework())
      parent.enable('view cache')
      parent.use(child)
      assert.equal(child.enabled('view cache'), true)
    })

    it('is not inherited in production: the child keeps its own', () => {
      const parent = withNodeEnv('production', () => framework())
      const child = withNodeEnv('production', () => framework())
      assert.equal(child.enabled('view cache'), true)
      parent.disable('view cache')
      parent.use(child)
      assert.equal(child.enabled('view cache'), true)
      assert.equal(parent.enabled('view cache'), false)
    })
  })
})

import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import framework from '../../../presets/default'
import { answering } from './support'
import type { TrustProxySetting } from '../../../plugins/request/types'

const CHAIN = '1.1.1.1, 10.0.0.5, 192.168.1.2'
type Trust = (addr: string | undefined, i: number) => boolean

function trustOf (value: TrustProxySetting): Trust {
  const app = framework()
  app.set('trust proxy', value)
  return app.get('trust proxy fn') as Trust
}

function ipApp (value: TrustProxySetting) {
  return answering((req) => [req.ip, req.ips], (a) => a.set('trust proxy', value))
}

describe('app.set("trust proxy", value)', () => {
  it('defaults to false, already compiled to a function that trusts nothing', () => {
    const app = framework()
    assert.equal(app.get('trust proxy'), false)
    const trust = app.get('trust proxy fn') as Trust
    assert.equal(typeof trust, 'function')
    assert.equal(trust('127.0.0.1', 0), false)
  })

  it('an empty string is an address proxy-addr cannot read, as in Express', () => {
    assert.throws(() => trustOf(''), { name: 'TypeError', message: /invalid IP address/ })
  })

  it('false trusts nothing', async () => {
    assert.equal(trustOf(false)('127.0.0.1', 0), false)
    await request(ipApp(false)).get('/').set('X-Forwarded-For', CHAIN).expect(200, /^\["(::ffff:)?127\.0\.0\.1",\[\]\]$/)
  })

  it('true trusts every hop', async () => {
    assert.equal(trustOf(true)('8.8.8.8', 99), true)
    await request(ipApp(true)).get('/').set('X-Forwarded-For', CHAIN)
      .expect(200, JSON.stringify(['1.1.1.1', ['1.1.1.1', '10.0.0.5', '192.168.1.2']]))
  })

  it('a number trusts that many hops from the server', async () => {
    const trust = trustOf(2)
    assert.deepEqual([trust('x', 0), trust('x', 1), trust('x', 2)], [true, true, false])
    await request(ipApp(2)).get('/').set('X-Forwarded-For', CHAIN)
      .expect(200, JSON.stringify(['10.0.0.5', ['10.0.0.5', '192.168.1.2']]))
    assert.equal(trustOf(0)('127.0.0.1', 0), false)
  })

  it('an address trusts that address', () => {
    const trust = trustOf('10.0.0.5')
    assert.deepEqual([trust('10.0.0.5', 0), trust('10.0.0.6', 0)], [true, false])
  })

  it('a subnet trusts its addresses, in CIDR or netmask form', () => {
    assert.deepEqual([trustOf('10.0.0.0/8')('10.9.9.9', 0), trustOf('10.0.0.0/8')('11.0.0.1', 0)], [true, false])
    assert.equal(trustOf('10.0.0.0/255.0.0.0')('10.1.1.1', 0), true)
    assert.equal(trustOf('fe80::/10')('fe80::1', 0), true)
  })

  it('a comma-separated list trusts each entry, with spaces allowed', async () => {
    const trust = trustOf('loopback, 10.0.0.0/8 ,192.168.0.0/16')
    assert.deepEqual([trust('127.0.0.1', 0), trust('10.0.0.5', 1), trust('192.168.1.2', 2), trust('1.1.1.1', 3)], [true, true, true, false])
    await request(ipApp('loopback, 10.0.0.0/8, 192.168.0.0/16')).get('/').set('X-Forwarded-For', CHAIN)
      .expect(200, JSON.stringify(['1.1.1.1', ['1.1.1.1', '10.0.0.5', '192.168.1.2']]))
  })

  it('an array trusts each entry', async () => {
    await request(ipApp(['loopback', '192.168.1.2'])).get('/').set('X-Forwarded-For', CHAIN)
      .expect(200, JSON.stringify(['10.0.0.5', ['10.0.0.5', '192.168.1.2']]))
  })

  it('knows the names loopback, linklocal and uniquelocal', () => {
    assert.deepEqual([trustOf('loopback')('127.0.0.1', 0), trustOf('loopback')('::1', 0)], [true, true])
    assert.deepEqual([trustOf('linklocal')('169.254.0.1', 0), trustOf('linklocal')('fe80::1', 0)], [true, true])
    assert.deepEqual([trustOf('uniquelocal')('10.0.0.1', 0), trustOf('uniquelocal')('172.16.0.1', 0),
      trustOf('uniquelocal')('192.168.0.1', 0), trustOf('uniquelocal')('fc00::1', 0)], [true, true, true, true])
    assert.equal(trustOf('uniquelocal')('8.8.8.8', 0), false)
  })

  it('a function is used as is', async () => {
    const seen: Array<[string | undefined, number]> = []
    const custom: Trust = (addr, i) => { seen.push([addr, i]); return i < 1 }
    assert.equal(trustOf(custom), custom)
    await request(ipApp(custom)).get('/').set('X-Forwarded-For', '1.1.1.1, 2.2.2.2').expect(200, /^\["2\.2\.2\.2",\["2\.2\.2\.2"\]\]$/)
    assert.ok(seen.length > 0)
  })

  it('an empty value (null, undefined) trusts nothing', () => {
    assert.equal(trustOf(null)('127.0.0.1', 0), false)
    assert.equal(trustOf(undefined)('127.0.0.1', 0), false)
  })

  it('throws on an address it cannot read, keeping the app usable', () => {
    const app = framework()
    assert.throws(() => app.set('trust proxy', 'not-an-ip'), /TypeError: invalid IP address: not-an-ip/)
    // An object is not a trust proxy value: the setting refuses it.
    assert.throws(() => app.set('trust proxy', {}), /unsupported trust argument/)
  })

  describe('in a mounted app', () => {
    it('is inherited when the child did not choose', async () => {
      const parent = framework()
      const child = framework()
      child.use((req, res) => { res.end(String(req.ip)) })
      parent.set('trust proxy', true)
      parent.use('/child', child)
      await request(parent).get('/child').set('X-Forwarded-For', '4.4.4.4').expect(200, '4.4.4.4')
    })

    it('is the child\'s own when it chose', async () => {
      const parent = framework()
      const child = framework()
      child.set('trust proxy', false)
      child.use((req, res) => { res.end(String(req.ip)) })
      parent.set('trust proxy', true)
      parent.use('/child', child)
      await request(parent).get('/child').set('X-Forwarded-For', '4.4.4.4').expect(200, /127\.0\.0\.1$/)
    })
  })
})

import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import framework from '../../../presets/default'
import { answering, fakeRequest } from './support'

const LOCAL = /^"(::ffff:)?127\.0\.0\.1"$/

describe('req.ip', () => {
  it('is the socket peer without trust', async () => {
    const app = answering((req) => req.ip)
    await request(app).get('/').set('X-Forwarded-For', '1.1.1.1').expect(200, LOCAL)
  })

  it('is the left-most X-Forwarded-For entry when every hop is trusted', async () => {
    const app = answering((req) => req.ip, (a) => a.set('trust proxy', true))
    await request(app).get('/').set('X-Forwarded-For', '1.1.1.1, 2.2.2.2, 3.3.3.3').expect(200, '"1.1.1.1"')
  })

  it('stops after the trusted number of hops', async () => {
    const app = answering((req) => req.ip, (a) => a.set('trust proxy', 2))
    await request(app).get('/').set('X-Forwarded-For', '1.1.1.1, 2.2.2.2, 3.3.3.3').expect(200, '"2.2.2.2"')
  })

  it('stops at the first address not in the trusted list', async () => {
    const app = answering((req) => req.ip, (a) => a.set('trust proxy', 'loopback, 10.0.0.0/8'))
    await request(app).get('/').set('X-Forwarded-For', '1.1.1.1, 5.5.5.5, 10.1.2.3').expect(200, '"5.5.5.5"')
  })

  it('is the socket peer without X-Forwarded-For', async () => {
    const app = answering((req) => req.ip, (a) => a.set('trust proxy', true))
    await request(app).get('/').expect(200, LOCAL)
  })

  it('uses the trust of the parent in a mounted app that did not choose', async () => {
    const parent = framework()
    parent.set('trust proxy', 1)
    parent.use('/sub', answering((req) => req.ip))
    await request(parent).get('/sub').set('X-Forwarded-For', '1.1.1.1, 2.2.2.2').expect(200, '"2.2.2.2"')
  })

  it('is the socket peer, not X-Forwarded-For, when trust proxy is turned off again', () => {
    const app = framework()
    app.set('trust proxy', true)
    app.set('trust proxy', false)
    const req = fakeRequest(app, { headers: { 'x-forwarded-for': '1.1.1.1' }, socket: { remoteAddress: '10.0.0.9' } })
    assert.equal(req.ip, '10.0.0.9')
    assert.deepEqual(req.ips, [])
  })

  it('reads the peer from req.connection when there is no req.socket, as proxy-addr does', () => {
    const req = fakeRequest(framework(), { socket: undefined as unknown as object })
    Object.defineProperty(req, 'socket', { value: undefined })
    Object.defineProperty(req, 'connection', { value: { remoteAddress: '10.1.1.1' } })
    assert.equal(req.ip, '10.1.1.1')
  })

  it('is undefined once the socket has no address', () => {
    assert.equal(fakeRequest(framework(), { socket: {} }).ip, undefined)
  })
})

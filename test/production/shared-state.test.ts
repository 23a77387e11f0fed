// The showcase on a cluster without REDIS_URL: the workers of one machine share sessions and rate
// limits through the primary, across a rolling restart; a bad WORKERS is a clear error.
import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import path from 'node:path'
import { failLogins, freePort, login, loginRequest, onOneWorker, restricted, runTs, type Child } from './support'

const SHOWCASE = path.join(__dirname, '..', '..', 'examples', 'showcase', 'index.ts')
/** Failed logins the sessions example allows per address (examples/sessions). */
const LOGIN_ATTEMPTS = 20

describe('examples/showcase with WORKERS=3 and no REDIS_URL', { timeout: 120_000 }, () => {
  let showcase: Child
  let port: number

  before(async () => {
    port = await freePort()
    showcase = runTs(SHOWCASE, { WORKERS: '3', PORT: String(port), REDIS_URL: '' })
    await showcase.line(/listening on http:\/\/localhost:\d+\/ with 3 workers/)
  })

  after(async () => {
    showcase.child.kill('SIGTERM')
    const end = await showcase.exited
    assert.equal(end.code, 0, 'the primary stops its workers and exits 0')
  })

  it('a session made through one worker is read through the others, and after a rolling restart', async () => {
    const { cookie, worker } = await login(port)
    const readers = new Set<number>()
    for (let i = 0; i < 12 && readers.size < 3; i++) {
      const read = await onOneWorker(port, restricted(cookie))
      assert.equal(read.res.status, 200)
      assert.match(read.res.body, /Hello tobi/)
      readers.add(read.worker)
    }
    assert.ok([...readers].some((w) => w !== worker), `read through ${[...readers]} after login through ${worker}`)

    const from = showcase.output().length
    showcase.child.kill('SIGHUP')
    await showcase.line(/^rolling restart done$/, from)
    const read = await onOneWorker(port, restricted(cookie))
    assert.ok(read.worker > 3, `answered by a new worker (${read.worker})`)
    assert.equal(read.res.status, 200)
    assert.match(read.res.body, /Hello tobi/)
  })

  it('a rate limit counts across workers', async () => {
    const workers = await failLogins(port, LOGIN_ATTEMPTS)
    assert.ok(workers.size >= 2, 'the attempts went through several workers')
    const { res } = await onOneWorker(port, loginRequest('wrong'))
    assert.equal(res.status, 429)
  })

  it('/healthz and /readyz answer on every worker', async () => {
    const { res } = await onOneWorker(port, 'GET /readyz HTTP/1.1\r\nHost: test\r\n\r\n')
    assert.equal(res.status, 200)
    assert.equal((JSON.parse(res.body) as { status: string }).status, 'ready')
  })
})

describe('examples/showcase: bad settings', { timeout: 60_000 }, () => {
  for (const [name, env, message] of [
    ['WORKERS', { WORKERS: 'four' }, /WORKERS must be a whole number from 1 to 1024, not "four"/],
    ['PORT', { WORKERS: '2', PORT: '70000' }, /PORT must be a port number, not "70000"/]
  ] as const) {
    it(`a bad ${name} is a clear error, exit code 1`, async () => {
      const child = runTs(SHOWCASE, { PORT: '0', REDIS_URL: '', ...env })
      const end = await child.exited
      assert.equal(end.code, 1)
      assert.match(child.output(), message)
      assert.doesNotMatch(child.output(), /listening/)
    })
  }
})

// The showcase on a cluster without REDIS_URL: the workers of one machine share sessions and rate
// limits through the primary, across a rolling restart, and answer 503 while it does not answer;
// a bad WORKERS is a clear error.
import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { RawConnection, type RawResponse } from '../plugins/graceful-shutdown/raw-http1'
import { failLogins, freePort, login, loginRequest, onOneWorker, restricted, runTs, type Child } from './support'

const SHOWCASE = path.join(__dirname, '..', '..', 'examples', 'showcase', 'index.ts')
/** Failed logins the sessions example allows per address (examples/sessions). */
const LOGIN_ATTEMPTS = 20

describe('examples/showcase with WORKERS=3 and no REDIS_URL', { timeout: 120_000 }, () => {
  let showcase: Child
  let port: number
  /** The session made by the first test. */
  let session = ''

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
    session = cookie
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

  it('a primary that stops answering: 503s, and in the log one line each way per worker, no stack', async () => {
    // The first test's session (logins are rate limited by now).
    const cookie = session
    assert.ok(cookie, 'a session from the first test')
    // Connections the primary has handed to workers already: it takes no new one while stopped.
    const conns: Array<{ conn: RawConnection, worker: number }> = []
    for (let i = 0; i < 6; i++) {
      const conn = new RawConnection(port)
      assert.ok(await conn.opened)
      conn.send('GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n')
      const health = await conn.next()
      assert.equal(health?.status, 200)
      conns.push({ conn, worker: (JSON.parse(health.body) as { worker: number }).worker })
    }
    const from = showcase.output().length
    const answers: Array<RawResponse | undefined> = []
    showcase.child.kill('SIGSTOP')
    try {
      // Sessions on all but the last connection, a login attempt (the rate limit's counters) on it.
      answers.push(...await Promise.all(conns.map(({ conn }, i) => {
        conn.send(i < conns.length - 1 ? restricted(cookie) : loginRequest('wrong'))
        return conn.next()
      })))
    } finally {
      showcase.child.kill('SIGCONT')
    }
    for (const { conn } of conns) conn.socket.destroy()
    assert.deepEqual(answers.map((res) => res?.status), conns.map(() => 503))
    assert.match(answers[0]!.body, /session store is unavailable/)
    assert.match(answers[answers.length - 1]!.body, /rate-limit store is unavailable/)
    const workers = new Set(conns.map(({ worker }) => worker))
    // Late answers reach the workers once the primary runs again: each says it is back.
    const backLines = (): string[] => showcase.output().slice(from).split('\n').filter((l) => / cluster primary back after /.test(l))
    for (let i = 0; i < 250 && backLines().length < workers.size; i++) await sleep(20)
    const lines = showcase.output().slice(from).split('\n').filter((l) => l !== '')
    const unreachable = lines.filter((l) => /^worker \d+: cluster primary unreachable \(no answer within 5 s\); requests that need it are answered 503 until it is back$/.test(l))
    const back = lines.map((l) => /^worker \d+: cluster primary back after \d+\.\d s; (\d+) requests? (?:was|were) answered 503 meanwhile$/.exec(l)).filter((m) => m !== null)
    assert.equal(unreachable.length, workers.size, 'each worker says so once')
    assert.equal(back.length, workers.size, 'each worker says it is back once')
    assert.equal(back.reduce((sum, m) => sum + Number(m[1]), 0), conns.length, 'and counts the requests it answered 503')
    assert.equal(lines.length, 2 * workers.size, `nothing else, no stack, no line per request:\n${lines.join('\n')}`)
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

// The showcase on a cluster with REDIS_URL, against a real Redis server of the test's own: sessions
// and rate limits shared by the workers, Redis restarted under traffic, Redis unreachable at start.
import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { createClient } from 'redis'
import { failLogins, freePort, login, loginRequest, onOneWorker, redisServerPath, restricted, runTs, startRedis, type Child, type RedisServer } from './support'

const SHOWCASE = path.join(__dirname, '..', '..', 'examples', 'showcase', 'index.ts')
/** Failed logins the sessions example allows per address (examples/sessions). */
const LOGIN_ATTEMPTS = 20
/** How long a request may take before the test calls it hung. */
const HANG = 8000

const skip = redisServerPath() ? false : process.env.CI ? false : 'redis-server is not installed (.ci/run installs it)'

interface Reply { status: number, headers: http.IncomingHttpHeaders, body: string }

/** One request on a new connection (so the cluster spreads them over its workers); rejects if it hangs. */
function request (port: number, method: string, p: string, options: { cookie?: string, form?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = {}
    if (options.cookie) headers.cookie = options.cookie
    if (options.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      headers['content-length'] = Buffer.byteLength(options.form)
    }
    const req = http.request({ host: '127.0.0.1', port, method, path: p, headers, agent: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => { body += chunk })
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
    })
    req.setTimeout(HANG, () => req.destroy(new Error(`${method} ${p} hung for ${HANG} ms`)))
    req.on('error', reject)
    req.end(options.form)
  })
}

/** A worker's line: `worker <pid>: <text>`. */
const WORKER_LINE = /^worker (\d+): (.*)$/
const UNREACHABLE = /^redis unreachable \(.+\); requests that need it are answered 503 until it is back$/
const BACK = /^redis back after \d+\.\d s; (\d+) requests? (?:was|were) answered 503 meanwhile$/
const FAILED_REQUEST = /^503 (?:GET|POST) \/sessions\/\S*: (?:session|rate-limit) store unavailable \(redis: .+\)$/

interface OutageLog {
  lines: string[]
  /** The workers that said Redis is unreachable. */
  lost: Set<string>
  /** The workers that said it is back, with how many requests they counted. */
  back: Map<string, number>
  /** Requests answered 503: counted in the lines saying it is back, or logged one line each. */
  failed: number
  /** Lines of any other kind (stacks, repeated outage lines). */
  others: string[]
}

/** The showcase's output from `from`, once `workers` workers have said Redis is back, read as an outage. */
async function outageLog (showcase: Child, from: number, workers: number): Promise<OutageLog> {
  const backLines = (): number => showcase.output().slice(from).split('\n').filter((l) => / redis back after /.test(l)).length
  for (let i = 0; i < 250 && backLines() < workers; i++) await sleep(20)
  const log: OutageLog = { lines: showcase.output().slice(from).split('\n').filter((l) => l !== ''), lost: new Set(), back: new Map(), failed: 0, others: [] }
  for (const line of log.lines) {
    const [, worker, text] = WORKER_LINE.exec(line) ?? []
    const counted = text === undefined ? undefined : BACK.exec(text)
    if (text !== undefined && UNREACHABLE.test(text) && !log.lost.has(worker)) log.lost.add(worker)
    else if (counted && !log.back.has(worker)) {
      log.back.set(worker, Number(counted[1]))
      log.failed += Number(counted[1])
    } else if (text !== undefined && FAILED_REQUEST.test(text)) log.failed++
    else log.others.push(line)
  }
  return log
}

describe('examples/showcase with WORKERS=2 and REDIS_URL', { skip, timeout: 170_000 }, () => {
  let dir: string
  let redis: RedisServer
  let showcase: Child
  let port: number
  /** The session made by the first test: the rate-limit test then blocks further logins. */
  let session = ''

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-redis-'))
    redis = await startRedis(dir)
    port = await freePort()
    showcase = runTs(SHOWCASE, { WORKERS: '2', PORT: String(port), REDIS_URL: redis.url })
    await showcase.line(/listening on http:\/\/localhost:\d+\/ with 2 workers/)
  })

  after(async () => {
    showcase?.child.kill('SIGTERM')
    await showcase?.exited
    await redis?.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('a session made through one worker is read through another, and lives in Redis', async () => {
    const { cookie, worker } = await login(port)
    session = cookie
    const seen = new Set<number>()
    for (let i = 0; i < 8 && !(seen.size > 0 && [...seen].some((w) => w !== worker)); i++) {
      const read = await onOneWorker(port, restricted(cookie))
      assert.equal(read.res.status, 200)
      assert.match(read.res.body, /Hello tobi/)
      seen.add(read.worker)
    }
    assert.ok([...seen].some((w) => w !== worker), `read through worker(s) ${[...seen]} after login through ${worker}`)
    const client = createClient({ url: redis.url })
    await client.connect()
    try {
      const sid = decodeURIComponent(cookie.split('=')[1]).slice(2).split('.')[0]
      const stored = await client.get(`sessions:sess:${sid}`)
      assert.ok(stored, 'the session is in Redis')
      assert.equal((JSON.parse(stored) as { user: string }).user, 'tobi')
    } finally {
      await client.close()
    }
  })

  it('a rate limit counts across workers', async () => {
    const workers = await failLogins(port, LOGIN_ATTEMPTS)
    assert.ok(workers.size >= 2, 'the attempts went through both workers')
    for (let i = 0; i < 2; i++) {
      const { res } = await onOneWorker(port, loginRequest('wrong'))
      assert.equal(res.status, 429)
      assert.match(res.body, /Too many failed logins/)
    }
  })

  it('Redis restarted under traffic: a clear 503 for what needs it, nothing else touched, nothing stored lost', async (t) => {
    const cookie = session
    assert.ok(cookie, 'a session from the first test')
    const outcomes = { beforeOk: 0, down503: 0, downOther: 0, helloOk: 0, afterOk: 0, changing200: 0 }
    const problems: string[] = []
    // Requests that begin while Redis stops or starts may get either answer; the others must not.
    let phase: 'up' | 'stopping' | 'down' | 'starting' | 'back' = 'up'
    let stop = false
    const loop = async (): Promise<void> => {
      while (!stop) {
        const started = phase
        const [session, hello] = await Promise.all([
          request(port, 'GET', '/sessions/restricted', { cookie }),
          request(port, 'GET', '/hello-world/')
        ])
        // A request during which the phase changed may get either answer.
        const current = started === phase ? started : 'stopping'
        if (hello.status === 200) outcomes.helloOk++
        else problems.push(`hello-world ${hello.status} while Redis ${current}`)
        if (session.status === 200 && /Hello tobi/.test(session.body)) {
          if (current === 'up') outcomes.beforeOk++
          if (current === 'back') outcomes.afterOk++
          if (current === 'down') problems.push('200 while Redis was down')
          if (current === 'stopping' || current === 'starting') outcomes.changing200++
        } else if (session.status === 503) {
          if (current === 'up' || current === 'back') problems.push(`503 while Redis was ${current}`)
          else outcomes.down503++
          assert.match(session.body, /session store is unavailable/)
          assert.equal(session.headers['retry-after'], '2')
        } else {
          problems.push(`sessions ${session.status} while Redis ${current}`)
          if (current === 'down') outcomes.downOther++
        }
      }
    }
    const loops = Promise.all([loop(), loop(), loop()])
    while (outcomes.beforeOk < 20) await sleep(20)
    const logFrom = showcase.output().length
    phase = 'stopping'
    await redis.stop()
    phase = 'down'
    while (outcomes.down503 < 20) await sleep(20)
    const notReady = await onOneWorker(port, 'GET /readyz HTTP/1.1\r\nHost: test\r\n\r\n')
    assert.equal(notReady.res.status, 503, '/readyz says the worker cannot serve everything')
    // The rate limit needs Redis too: a login attempt is a 503, not a pass.
    const attempt = await request(port, 'POST', '/sessions/login', { form: 'name=tobi&password=foobar' })
    assert.equal(attempt.status, 503)
    assert.match(attempt.body, /rate-limit store is unavailable/)
    phase = 'starting'
    await redis.restart()
    // Workers reconnect by themselves (with a short back-off); each says so on /readyz.
    const ready = new Set<number>()
    for (let i = 0; i < 600 && ready.size < 2; i++) {
      const { worker, res } = await onOneWorker(port, 'GET /readyz HTTP/1.1\r\nHost: test\r\n\r\n')
      if (res.status === 200) ready.add(worker)
      else await sleep(20)
    }
    assert.equal(ready.size, 2, 'both workers ready again')
    phase = 'back'
    while (outcomes.afterOk < 20) await sleep(20)
    stop = true
    await loops
    t.diagnostic(`Redis up: ${outcomes.beforeOk} session pages; down: ${outcomes.down503} answered 503, ${outcomes.downOther} otherwise; back: ${outcomes.afterOk} session pages; hello-world: ${outcomes.helloOk} pages, all 200`)
    assert.deepEqual(problems, [])
    // Stored before the restart, still there: the session (above) and the rate-limit counters.
    const form = 'name=tobi&password=wrong'
    const limited = await request(port, 'POST', '/sessions/login', { form })
    assert.equal(limited.status, 429, 'the failed logins counted before the restart still count')
    // No worker died.
    assert.doesNotMatch(showcase.output(), /died/)
    // The outage in the log: no stack, a line per worker as it began and one as it ended, and at
    // most a line per request answered 503 (none while the outage's own line stands for them).
    const log = await outageLog(showcase, logFrom, 2)
    t.diagnostic(`the outage in the log: ${log.lines.length} lines`)
    assert.deepEqual(log.others, [])
    assert.equal(log.lost.size, 2, 'each worker says Redis is unreachable, once')
    assert.deepEqual([...log.back.keys()].sort(), [...log.lost].sort(), 'each says it is back, once')
    // Every 503 is logged or counted (the login attempt's too); a session touched as Redis stops
    // may fail after its 200 was sent.
    const answered503 = outcomes.down503 + 1
    assert.ok(log.failed >= answered503 && log.failed <= answered503 + outcomes.changing200,
      `${log.failed} failures logged or counted for ${answered503} answers 503 (${outcomes.changing200} pages 200 as Redis stopped or started)`)
  })
})

describe('examples/showcase with REDIS_URL unreachable at start', { skip, timeout: 60_000 }, () => {
  for (const workers of ['', '2']) {
    it(`exits with an error naming REDIS_URL${workers ? ' (WORKERS=2: before forking)' : ''}`, async () => {
      const nothing = await freePort()
      const showcase = runTs(SHOWCASE, { WORKERS: workers, PORT: String(await freePort()), REDIS_URL: `redis://:secret@127.0.0.1:${nothing}` })
      const end = await showcase.exited
      assert.equal(end.code, 1)
      assert.match(showcase.output(), new RegExp(`Cannot reach Redis at REDIS_URL=redis://:\\*\\*\\*@127\\.0\\.0\\.1:${nothing}`))
      assert.match(showcase.output(), /ECONNREFUSED/)
      assert.doesNotMatch(showcase.output(), /listening|secret/)
    })
  }
})

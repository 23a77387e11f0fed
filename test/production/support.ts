// Helpers for the production tests: a child process with its output watched, a free port.
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { RawConnection, type RawResponse } from '../plugins/graceful-shutdown/raw-http1'

const REGISTER = path.join(__dirname, '..', 'support', 'register-ts.cjs')

export interface Child {
  child: ChildProcess
  /** Resolves with the first match of `pattern` in a whole line of output (stdout and stderr), from offset `from`. */
  line (pattern: RegExp, from?: number): Promise<RegExpMatchArray>
  output (): string
  exited: Promise<{ code: number | null, signal: NodeJS.Signals | null }>
}

/** Runs a TypeScript file of the project in a child process (its cluster workers too) with `env` added. */
export function runTs (file: string, env: NodeJS.ProcessEnv): Child {
  const child = spawn(process.execPath, ['--require', REGISTER, file], {
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let out = ''
  const waiters: Array<() => void> = []
  const onData = (chunk: string): void => { out += chunk; for (const w of waiters.splice(0)) w() }
  child.stdout!.setEncoding('utf8').on('data', onData)
  child.stderr!.setEncoding('utf8').on('data', onData)
  const exited = new Promise<{ code: number | null, signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => { resolve({ code, signal }); for (const w of waiters.splice(0)) w() })
  })
  let done = false
  exited.then(() => { done = true })
  const line = (pattern: RegExp, from = 0): Promise<RegExpMatchArray> => new Promise((resolve, reject) => {
    const check = (): void => {
      for (const l of out.slice(from).split('\n').slice(0, -1)) {
        const m = pattern.exec(l)
        if (m) { resolve(m); return }
      }
      if (done) reject(new Error(`exited before printing ${pattern}; output:\n${out}`))
      else waiters.push(check)
    }
    check()
  })
  return { child, line, output: () => out, exited }
}

/** A port free on 127.0.0.1 right now. */
export function freePort (): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** Whether `redis-server` can be run here. */
export function redisServerPath (): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'redis-server')
    try {
      fs.accessSync(candidate, fs.constants.X_OK)
      return candidate
    } catch {}
  }
  return undefined
}

export interface RedisServer {
  port: number
  url: string
  /** Stops the server (SIGTERM: it writes its append-only file and exits). */
  stop (): Promise<void>
  /** Starts it again on the same port, from the same data folder. */
  restart (): Promise<void>
}

/**
 * A Redis server of the test's own, on a free loopback port, with an append-only file in `dir`
 * written at every command (so that a restart keeps everything that was stored).
 */
export async function startRedis (dir: string): Promise<RedisServer> {
  const bin = redisServerPath()
  if (!bin) throw new Error('redis-server is not installed (.ci/run installs it)')
  const port = await freePort()
  let proc: ChildProcess | undefined
  const start = async (): Promise<void> => {
    const child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes',
      '--appendfsync', 'always', '--dir', dir, '--daemonize', 'no', '--protected-mode', 'yes'], { stdio: ['ignore', 'pipe', 'pipe'] })
    proc = child
    let out = ''
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: string): void => {
        out += chunk
        if (/Ready to accept connections/.test(out)) resolve()
      }
      child.stdout!.setEncoding('utf8').on('data', onData)
      child.stderr!.setEncoding('utf8').on('data', onData)
      child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)))
    })
  }
  await start()
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async stop () {
      const child = proc
      if (!child || child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
    restart: start
  }
}

// The showcase's sessions example, through the workers of a cluster.

/** On one connection: the worker's id (from /healthz), then `raw` (a whole request) answered by that worker. */
export async function onOneWorker (port: number, raw: string): Promise<{ worker: number, res: RawResponse }> {
  const conn = new RawConnection(port)
  assert.ok(await conn.opened)
  conn.send('GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n')
  const health = await conn.next()
  assert.equal(health?.status, 200)
  conn.send(raw)
  const res = await conn.next()
  conn.socket.destroy()
  assert.ok(res, 'answered')
  return { worker: (JSON.parse(health.body) as { worker: number }).worker, res }
}

/** The sessions example's login form posted as user tobi, raw HTTP/1.1. */
export function loginRequest (password: string): string {
  const form = `name=tobi&password=${password}`
  return `POST /sessions/login HTTP/1.1\r\nHost: test\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${form.length}\r\n\r\n${form}`
}

/** `attempts` failed logins, each on a connection of its own, each answered 401; resolves to the workers that answered. */
export async function failLogins (port: number, attempts: number): Promise<Set<number>> {
  const workers = new Set<number>()
  for (let i = 0; i < attempts; i++) {
    const { worker, res } = await onOneWorker(port, loginRequest('wrong'))
    assert.equal(res.status, 401, `attempt ${i + 1}`)
    workers.add(worker)
  }
  return workers
}

export async function login (port: number): Promise<{ cookie: string, worker: number }> {
  const { worker, res } = await onOneWorker(port, loginRequest('foobar'))
  assert.equal(res.status, 303)
  const cookie = /ristretto\.sid=[^;]+/.exec(res.headers['set-cookie'] ?? '')?.[0]
  assert.ok(cookie, 'a session cookie')
  return { cookie, worker }
}

export const restricted = (cookie: string): string => `GET /sessions/restricted HTTP/1.1\r\nHost: test\r\nCookie: ${cookie}\r\n\r\n`

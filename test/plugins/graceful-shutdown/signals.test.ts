import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import net from 'node:net'
import path from 'node:path'
import { spawn, type ChildProcess } from 'node:child_process'
import { get } from './support'

const CHILD = path.join(__dirname, 'signal-child.ts')

/** Starts the child; resolves with it, its port, and a way to wait for a line on its stdout. */
async function startChild (...args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  const waiters: Array<() => void> = []
  child.stdout!.setEncoding('utf8')
  child.stdout!.on('data', (chunk: string) => { out += chunk; for (const w of waiters.splice(0)) w() })
  /** Resolves when a whole line of the child's output matches `pattern`. */
  const line = (pattern: RegExp): Promise<void> => new Promise((resolve) => {
    const check = (): void => { if (out.split('\n').slice(0, -1).some((l) => pattern.test(l))) resolve(); else waiters.push(check) }
    check()
  })
  const exited = new Promise<{ code: number | null, signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }))
  })
  await line(/^port \d+$/)
  const port = Number(/port (\d+)/.exec(out)![1])
  return { child, port, line, exited, output: () => out }
}

function kill (child: ChildProcess, signal: NodeJS.Signals): void {
  child.kill(signal)
}

/** Resolves once connections to `port` are refused: the server stopped listening (its shutdown began). */
async function refused (port: number): Promise<void> {
  for (;;) {
    const accepted = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1')
      socket.once('connect', () => { socket.destroy(); resolve(true) })
      socket.once('error', () => resolve(false))
    })
    if (!accepted) return
    await new Promise(setImmediate)
  }
}

describe('gracefulShutdownPlugin({ signals: true })', () => {
  it('on SIGTERM lets the in-flight request finish, then ends the process by the signal', async () => {
    const { child, port, line, exited, output } = await startChild()
    const reply = get(port, '/slow', false)
    await line(/^arrived$/)
    kill(child, 'SIGTERM')
    const r = await reply
    assert.equal(r.status, 200)
    assert.equal(r.body, 'slow done')
    assert.equal(r.headers.connection, 'close')
    const end = await exited
    assert.deepEqual(end, { code: null, signal: 'SIGTERM' })
    assert.match(output(), /closed\n/)
  })

  it('a second signal during the shutdown ends the process at once', async () => {
    // No shutdown timeout: with a request that never ends, only the second signal can end the process.
    const { child, port, line, exited, output } = await startChild('--no-timeout')
    const reply = get(port, '/hang', false).catch((err: Error) => err)
    await line(/^arrived$/)
    kill(child, 'SIGINT')
    await refused(port)
    kill(child, 'SIGINT')
    const end = await exited
    assert.equal(end.signal, 'SIGINT')
    assert.doesNotMatch(output(), /closed\n/, 'the shutdown ran to its end')
    assert.ok(await reply instanceof Error)
  })

  it('leaves the exit to the app when it listens to the signal too', async () => {
    const { child, port, line, exited, output } = await startChild('--own-listener')
    const reply = get(port, '/slow', false)
    await line(/^arrived$/)
    kill(child, 'SIGTERM')
    assert.equal((await reply).body, 'slow done')
    const end = await exited
    assert.deepEqual(end, { code: 0, signal: null })
    assert.match(output(), /own listener\n/)
    assert.match(output(), /closed\n/)
  })
})

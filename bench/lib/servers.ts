// Starting and stopping benchmark server processes (dist/bench/server.js), pinned to their CPU.
import fs from 'node:fs'
import path from 'node:path'
import { spawn, type ChildProcess } from 'node:child_process'
import { BENCH_OUT } from './build'
import type { AppName } from './bench-server'
import type { AppContext, ScenarioName } from '../scenarios'
import type { ServerMessage } from '../server'

/** A server process under test. */
export interface ServerHandle {
  pid: number
  port: number
  /** Heap and RSS after a full GC (only with `exposeGc`), and the peak RSS so far. */
  memory (): Promise<{ heapUsed: number, rss: number, peakRss: number }>
  /** CPU time used so far, in seconds (from /proc; NaN elsewhere). */
  cpuSeconds (): number
  /** Peak RSS so far in bytes (VmHWM; NaN where /proc is absent). */
  peakRss (): number
  stop (): Promise<void>
}

const CLOCK_TICKS = 100

function procCpuSeconds (pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
  } catch {
    return NaN
  }
}

function procPeakRss (pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) * 1024 : NaN
  } catch {
    return NaN
  }
}

function nextMessage (child: ChildProcess, type: ServerMessage['type'] | 'unsupported'): Promise<ServerMessage> {
  return new Promise((resolve, reject) => {
    const onMessage = (msg: ServerMessage): void => {
      if (msg.type !== type && msg.type !== 'unsupported') return
      cleanup()
      resolve(msg)
    }
    const onExit = (code: number | null): void => { cleanup(); reject(new Error(`server exited (${code}) before '${type}'`)) }
    const cleanup = (): void => { child.off('message', onMessage); child.off('exit', onExit) }
    child.on('message', onMessage)
    child.on('exit', onExit)
  })
}

/** Starts `app` serving `scenario`; undefined when the app has no idiom for that scenario. */
export async function startServer (app: AppName, scenario: ScenarioName, ctx: AppContext, opts: { cpu?: number, exposeGc?: boolean, nodeArgs?: string[] } = {}): Promise<ServerHandle | undefined> {
  const argv = [...(opts.exposeGc ? ['--expose-gc'] : []), ...(opts.nodeArgs ?? []), path.join(BENCH_OUT, 'server.js'), app, scenario, ctx.staticDir, ctx.logFile]
  const cmd = opts.cpu === undefined ? [process.execPath, ...argv] : ['taskset', '-c', String(opts.cpu), process.execPath, ...argv]
  const child = spawn(cmd[0], cmd.slice(1), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, NODE_ENV: 'production' } })
  const ready = await nextMessage(child, 'ready')
  const pid = child.pid!
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return
    // A server that has nothing to serve exits by itself: the message may then find the channel
    // closed, which the callback takes instead of an 'error' event.
    if (child.connected) child.send('close', () => {})
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
    await exited
    clearTimeout(timer)
  }
  if (ready.type !== 'ready') {
    await stop()
    return undefined
  }
  return {
    pid,
    port: ready.port,
    memory: async () => {
      const reply = nextMessage(child, 'memory')
      child.send('memory')
      const m = await reply
      if (m.type !== 'memory') throw new Error('unexpected reply')
      return { heapUsed: m.heapUsed, rss: m.rss, peakRss: m.peakRss }
    },
    cpuSeconds: () => procCpuSeconds(pid),
    peakRss: () => procPeakRss(pid),
    stop
  }
}

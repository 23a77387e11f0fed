// The load generator: wrk when installed (autocannon otherwise), pinned to its own CPU, with its CPU share measured.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawn } from 'node:child_process'
import type { RequestSpec } from '../scenarios'
import { ROOT } from './root'

/** Where wrk is looked for. */
export const WRK = '/usr/bin/wrk'
const AUTOCANNON = path.join(ROOT, 'node_modules', 'autocannon', 'autocannon.js')

/** One load run's outcome. */
export interface LoadResult {
  rps: number
  p99Ms: number
  /** CPU time of the load generator over wall time (1 = one full core). */
  cpuShare: number
  /** Responses outside 2xx/3xx plus socket errors. */
  errors: number
  requests: number
}

export interface LoadOptions {
  port: number
  spec: RequestSpec
  /** Seconds to run, or a request count for autocannon's `amount` (memory runs). */
  seconds?: number
  amount?: number
  connections: number
  /** CPU to pin the generator to (`taskset -c`), undefined for no pinning. */
  cpu?: number
}

export type LoadTool = 'wrk' | 'autocannon'

/** wrk when present and executable, else autocannon. */
export function pickTool (): LoadTool {
  try {
    fs.accessSync(WRK, fs.constants.X_OK)
    return 'wrk'
  } catch {
    return 'autocannon'
  }
}

/** Whether `taskset` exists, so processes can be pinned. */
export function canPin (): boolean {
  if (os.cpus().length < 2) return false
  for (const dir of ['/usr/bin', '/bin', '/usr/local/bin']) {
    if (fs.existsSync(path.join(dir, 'taskset'))) return true
  }
  return false
}

/** Runs `argv`, pinned when asked, through bash so `times` reports the children's CPU time afterwards. */
function runMeasured (argv: string[], cpu: number | undefined): Promise<{ out: string, cpuSeconds: number, wall: number }> {
  const script = '"$@"; status=$?; times; exit $status'
  const cmd = cpu === undefined ? ['bash', '-c', script, 'bash', ...argv] : ['taskset', '-c', String(cpu), 'bash', '-c', script, 'bash', ...argv]
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    const child = spawn(cmd[0], cmd.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (d: Buffer) => { out += d })
    child.stderr.on('data', (d: Buffer) => { err += d })
    child.on('error', reject)
    child.on('close', (code) => {
      const wall = Number(process.hrtime.bigint() - started) / 1e9
      // `times` prints the shell's own user/sys line, then the children's.
      const lines = out.trimEnd().split('\n')
      const childTimes = lines.pop() ?? ''
      lines.pop()
      const secs = [...childTimes.matchAll(/(\d+)m([\d.]+)s/g)].reduce((s, m) => s + Number(m[1]) * 60 + Number(m[2]), 0)
      if (code !== 0) {
        reject(new Error(`${argv[0]} exited with ${code}: ${err || lines.join('\n')}`))
        return
      }
      resolve({ out: lines.join('\n') + '\n' + err, cpuSeconds: secs, wall })
    })
  })
}

function toMs (value: string, unit: string): number {
  const n = Number(value)
  return unit === 'us' ? n / 1000 : unit === 's' ? n * 1000 : unit === 'm' ? n * 60000 : n
}

/** A Lua script setting wrk's method, headers and body. */
function wrkScript (spec: RequestSpec): string | undefined {
  if (spec.method === 'GET' && !spec.headers) return undefined
  const file = path.join(os.tmpdir(), `ristretto-bench-wrk-${process.pid}.lua`)
  const lines = [`wrk.method = "${spec.method}"`]
  for (const [k, v] of Object.entries(spec.headers ?? {})) lines.push(`wrk.headers["${k}"] = "${v}"`)
  if (spec.body !== undefined) lines.push(`wrk.body = [==[${spec.body}]==]`)
  fs.writeFileSync(file, lines.join('\n') + '\n')
  return file
}

async function runWrk (opts: LoadOptions): Promise<LoadResult> {
  const seconds = opts.seconds ?? 5
  const script = wrkScript(opts.spec)
  const argv = [WRK, '-t1', `-c${opts.connections}`, `-d${seconds}s`, '--latency', ...(script ? ['-s', script] : []),
    `http://127.0.0.1:${opts.port}${opts.spec.path}`]
  const { out, cpuSeconds } = await runMeasured(argv, opts.cpu)
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN)
  const p99 = /\s99%\s+([\d.]+)(us|ms|s|m)\b/.exec(out)
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0)
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? NaN)
  return {
    rps,
    p99Ms: p99 ? toMs(p99[1], p99[2]) : NaN,
    cpuShare: cpuSeconds / seconds,
    errors: non2xx + (sock ? Number(sock[1]) + Number(sock[2]) + Number(sock[3]) + Number(sock[4]) : 0),
    requests
  }
}

async function runAutocannon (opts: LoadOptions): Promise<LoadResult> {
  const argv = [process.execPath, AUTOCANNON, '-j', '-c', String(opts.connections), '-m', opts.spec.method]
  if (opts.amount !== undefined) argv.push('-a', String(opts.amount))
  else argv.push('-d', String(opts.seconds ?? 5))
  for (const [k, v] of Object.entries(opts.spec.headers ?? {})) argv.push('-H', `${k}=${v}`)
  if (opts.spec.body !== undefined) argv.push('-b', opts.spec.body)
  argv.push(`http://127.0.0.1:${opts.port}${opts.spec.path}`)
  const { out, cpuSeconds, wall } = await runMeasured(argv, opts.cpu)
  const json = JSON.parse(out.slice(out.indexOf('{'), out.lastIndexOf('}') + 1)) as {
    requests: { average: number, total: number }, latency: { p99: number }, non2xx: number, errors: number, duration: number
  }
  return {
    rps: opts.amount !== undefined ? json.requests.total / json.duration : json.requests.average,
    p99Ms: json.latency.p99,
    cpuShare: cpuSeconds / (opts.amount !== undefined ? wall : (opts.seconds ?? 5)),
    errors: json.non2xx + json.errors,
    requests: json.requests.total
  }
}

/** Runs load for a duration (wrk or autocannon) or for a request count (always autocannon). */
export function runLoad (tool: LoadTool, opts: LoadOptions): Promise<LoadResult> {
  return tool === 'wrk' && opts.amount === undefined ? runWrk(opts) : runAutocannon(opts)
}

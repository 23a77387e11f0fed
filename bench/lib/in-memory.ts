// The in-process harness of bench/micro-child.ts and bench/stages.ts: an app's server is handed an
// in-memory connection and answers pipelined requests, so what is measured is the framework's and
// node's HTTP code, without sockets or a load generator.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Duplex } from 'node:stream'
import { APPS, type AppName, type StartApp } from './bench-server'
import { SCENARIOS, STATIC_FILES, requestFor, type ScenarioName } from '../scenarios'

/** Requests written at once before waiting for their responses. */
const PIPELINE = 16

/** Raw bytes of one request of the scenario, keep-alive. */
function rawRequest (scenario: ScenarioName): Buffer {
  const spec = requestFor(scenario)
  const body = spec.body === undefined ? '' : spec.body
  const headers = [`${spec.method} ${spec.path} HTTP/1.1`, 'Host: 127.0.0.1', 'User-Agent: micro-bench', 'Accept: */*']
  for (const [k, v] of Object.entries(spec.headers ?? {})) headers.push(`${k}: ${v}`)
  if (spec.body !== undefined) headers.push(`Content-Length: ${Buffer.byteLength(body)}`)
  return Buffer.from(headers.join('\r\n') + '\r\n\r\n' + body)
}

/** Counts complete responses in the bytes a server writes (every response here carries Content-Length). */
class ResponseCounter {
  count = 0
  private pending = Buffer.alloc(0)
  private bodyLeft = 0
  push (chunk: Buffer): void {
    let buf = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk
    for (;;) {
      if (this.bodyLeft > 0) {
        const take = Math.min(this.bodyLeft, buf.length)
        this.bodyLeft -= take
        buf = buf.subarray(take)
        if (this.bodyLeft > 0) break
        this.count++
        continue
      }
      const end = buf.indexOf('\r\n\r\n')
      if (end === -1) break
      const head = buf.subarray(0, end).toString('latin1')
      const m = /\r\ncontent-length:\s*(\d+)/i.exec(head)
      if (!m) throw new Error('response without Content-Length:\n' + head)
      buf = buf.subarray(end + 4)
      this.bodyLeft = Number(m[1])
      if (this.bodyLeft === 0) this.count++
    }
    this.pending = Buffer.from(buf)
  }
}

/** An app started for a scenario behind an in-memory connection. */
export interface InMemoryApp {
  /** Sends `n` requests (in batches of {@link PIPELINE}) and resolves once all are answered. */
  run (n: number): Promise<void>
  close (): void
}

/** Starts `app` for `scenario` behind an in-memory connection; `undefined` when the app has no idiom for it. */
export async function startInMemory (app: string, scenario: string): Promise<InMemoryApp | undefined> {
  if (!(APPS as readonly string[]).includes(app) || !(SCENARIOS as readonly string[]).includes(scenario)) throw new Error(`unknown app or scenario: ${app} ${scenario}`)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-micro-'))
  for (const f of Object.values(STATIC_FILES)) fs.writeFileSync(path.join(dir, f.name), 'x'.repeat(f.size))
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(`../apps/${app as AppName}`) as { start: StartApp }
  const started = await mod.start(scenario as ScenarioName, { staticDir: dir, logFile: path.join(dir, 'access.log') })
  if (!started) {
    fs.rmSync(dir, { recursive: true, force: true })
    return undefined
  }
  const counter = new ResponseCounter()
  let wake: (() => void) | undefined
  let target = 0
  const check = (): void => { if (wake && counter.count >= target) { const w = wake; wake = undefined; w() } }
  const socket = new Duplex({
    read () {},
    write (chunk: Buffer, enc, cb) { counter.push(chunk); cb(); check() },
    writev (chunks, cb) { for (const c of chunks) counter.push(Buffer.isBuffer(c.chunk) ? c.chunk : Buffer.from(c.chunk as string)); cb(); check() }
  })
  Object.assign(socket, { remoteAddress: '127.0.0.1', remotePort: 40000, encrypted: false })
  started.server.emit('connection', socket)
  const request = rawRequest(scenario as ScenarioName)
  const batch = Buffer.concat(Array.from({ length: PIPELINE }, () => request))
  return {
    async run (n) {
      for (let done = 0; done < n; done += PIPELINE) {
        target = counter.count + PIPELINE
        const ready = new Promise<void>((resolve) => { wake = resolve })
        socket.push(batch)
        await ready
      }
    },
    close () {
      socket.destroy()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }
}

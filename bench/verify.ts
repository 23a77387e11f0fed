// Checks that Ristretto's default preset answers every benchmark request byte for byte as express@4 does:
// status line, every header but Date (names, case, order and values) and body, read from the raw socket.
// Also that the node-express-headers app sends exactly what express@4 does to the benchmark's requests,
// and the fastify-express-headers app Express's headers and body (names' case and order aside).
// `node --import tsx bench/verify.ts [--no-build]`; `npm run bench` runs it first.
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { EXPRESS_HEADER_SCENARIOS, SCENARIOS, STATIC_FILES, requestFor, type RequestSpec, type ScenarioName, type AppContext } from './scenarios'
import type { StartApp } from './lib/bench-server'
import { BENCH_OUT, buildPackage, transpileBench } from './lib/build'

/** A raw response: the status line, header lines in order, and the body bytes. */
interface RawResponse {
  statusLine: string
  headers: string[]
  body: Buffer
}

/** Extra requests per scenario, beside the benchmark's own: revalidation, HEAD, a miss, a query string. */
function requestsFor (scenario: ScenarioName): Array<{ label: string, spec: RequestSpec, conditional?: boolean }> {
  const spec = requestFor(scenario)
  const list: Array<{ label: string, spec: RequestSpec, conditional?: boolean }> = [{ label: 'benchmark request', spec }]
  if (spec.method === 'GET') {
    list.push({ label: 'HEAD', spec: { ...spec, method: 'HEAD' as RequestSpec['method'] } })
    list.push({ label: 'If-None-Match with the ETag', spec, conditional: true })
    list.push({ label: 'with a query string', spec: { ...spec, path: spec.path + '?page=2&tags[]=a&tags[]=b' } })
  }
  list.push({ label: 'unknown path (404)', spec: { method: 'GET', path: '/no/such/path' } })
  return list
}

function rawRequest (spec: RequestSpec, extra: Record<string, string> = {}): Buffer {
  const lines = [`${spec.method} ${spec.path} HTTP/1.1`, 'Host: 127.0.0.1', 'User-Agent: ristretto-verify', 'Accept: */*', 'Connection: close']
  for (const [k, v] of Object.entries({ ...spec.headers, ...extra })) lines.push(`${k}: ${v}`)
  if (spec.body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(spec.body)}`)
  return Buffer.from(lines.join('\r\n') + '\r\n\r\n' + (spec.body ?? ''))
}

/** Sends one request on a fresh connection and reads the response until the server closes. */
function fetchRaw (port: number, request: Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    // Written without half-closing: the server closes after the response (Connection: close).
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request))
    socket.on('data', (c: Buffer) => chunks.push(c))
    socket.on('error', reject)
    socket.on('close', () => {
      const all = Buffer.concat(chunks)
      const end = all.indexOf('\r\n\r\n')
      if (end === -1) { reject(new Error(`no complete response head (${all.length} bytes: ${JSON.stringify(all.toString('latin1').slice(0, 200))})`)); return }
      const [statusLine, ...headers] = all.subarray(0, end).toString('latin1').split('\r\n')
      resolve({ statusLine, headers, body: all.subarray(end + 4) })
    })
  })
}

/** Header lines compared: all but Date (the clock) and Connection/Keep-Alive are kept as sent. */
function comparable (headers: string[]): string[] {
  return headers.filter((h) => !/^date:/i.test(h))
}

function headerValue (r: RawResponse, name: string): string | undefined {
  const line = r.headers.find((h) => h.toLowerCase().startsWith(name.toLowerCase() + ':'))
  return line === undefined ? undefined : line.slice(line.indexOf(':') + 1).trim()
}

/** The differences between two responses, as readable lines (empty when identical). */
function diff (a: RawResponse, b: RawResponse, name = 'ristretto'): string[] {
  const out: string[] = []
  if (a.statusLine !== b.statusLine) out.push(`status line: ${JSON.stringify(a.statusLine)} vs ${JSON.stringify(b.statusLine)}`)
  const ha = comparable(a.headers)
  const hb = comparable(b.headers)
  if (ha.join('\n') !== hb.join('\n')) out.push(`headers:\n    ${name}: ${ha.join(' | ')}\n    express: ${hb.join(' | ')}`)
  if (!a.body.equals(b.body)) out.push(`body: ${a.body.length} bytes vs ${b.body.length} bytes (${JSON.stringify(a.body.toString('latin1').slice(0, 120))} vs ${JSON.stringify(b.body.toString('latin1').slice(0, 120))})`)
  return out
}

/** Scratch folder with the static files, as the benchmark makes them. */
function scratch (): AppContext {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-verify-'))
  const staticDir = path.join(dir, 'public')
  fs.mkdirSync(staticDir)
  const line = 'Ristretto serves this file byte for byte as Express 4 does.\n'
  for (const f of Object.values(STATIC_FILES)) fs.writeFileSync(path.join(staticDir, f.name), line.repeat(Math.ceil(f.size / line.length)).slice(0, f.size))
  return { staticDir, logFile: path.join(dir, 'access.log') }
}

/** The log line of the logger scenario, with the CLF date masked. */
function logLines (file: string): string {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').replace(/\[\d{2}\/\w{3}\/\d{4}:\d{2}:\d{2}:\d{2} [+-]\d{4}\]/g, '[DATE]') : ''
}

/** Runs every comparison; resolves to the number of mismatches (0: identical). */
export async function verify (log: (line: string) => void = (l) => process.stdout.write(l + '\n')): Promise<number> {
  process.env.NODE_ENV = 'production'
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const ristretto = require(path.join(BENCH_OUT, 'apps', 'ristretto')) as { start: StartApp }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const express = require(path.join(BENCH_OUT, 'apps', 'express')) as { start: StartApp }
  let failures = 0
  let checks = 0
  for (const scenario of SCENARIOS) {
    const ctxR = scratch()
    const ctxE = scratch()
    // Same file times on both sides, so Last-Modified and the static ETag agree.
    for (const f of Object.values(STATIC_FILES)) {
      const t = new Date('2024-05-01T10:20:30Z')
      fs.utimesSync(path.join(ctxR.staticDir, f.name), t, t)
      fs.utimesSync(path.join(ctxE.staticDir, f.name), t, t)
    }
    const r = await ristretto.start(scenario, ctxR)
    const e = await express.start(scenario, ctxE)
    if (!r || !e) continue
    for (const { label, spec, conditional } of requestsFor(scenario)) {
      let extra: Record<string, string> = {}
      if (conditional) {
        // Both servers see the same requests (the logger scenario compares their logs).
        const [first] = await Promise.all([fetchRaw(e.port, rawRequest(spec)), fetchRaw(r.port, rawRequest(spec))])
        const tag = headerValue(first, 'ETag')
        if (tag === undefined) continue
        extra = { 'If-None-Match': tag }
      }
      const [a, b] = await Promise.all([fetchRaw(r.port, rawRequest(spec, extra)), fetchRaw(e.port, rawRequest(spec, extra))])
      const d = diff(a, b)
      checks++
      if (d.length) {
        failures++
        log(`DIFFERENT  ${scenario}: ${label}\n  ${d.join('\n  ')}`)
      } else {
        log(`identical  ${scenario}: ${label} (${a.statusLine}, ${a.headers.length} headers, ${a.body.length} bytes)`)
      }
    }
    await r.close()
    await e.close()
    if (scenario === 'logger') {
      checks++
      const lr = logLines(ctxR.logFile)
      const le = logLines(ctxE.logFile)
      if (lr !== le) {
        failures++
        log(`DIFFERENT  logger: access log lines\n  ristretto: ${lr}\n  express:   ${le}`)
      } else {
        log(`identical  logger: access log lines (${lr.split('\n').filter(Boolean).length} lines, date masked)`)
      }
    }
    fs.rmSync(path.dirname(ctxR.staticDir), { recursive: true, force: true })
    fs.rmSync(path.dirname(ctxE.staticDir), { recursive: true, force: true })
  }
  log(`${checks - failures}/${checks} responses identical to express@4 (all headers but Date, in order, and body)`)
  return failures +
    await verifyBenchmarkAnswers('node-express-headers', diff, 'identical to express@4 (all headers but Date, in order, and body)', log) +
    await verifyBenchmarkAnswers('node-express-setheader', diff, 'identical to express@4 (all headers but Date, in order, and body)', log) +
    await verifyBenchmarkAnswers('fastify-express-headers', diffAsSet, 'carry express@4\'s headers and body (any case and order, Date aside)', log)
}

/** Header lines as a set: lowercase names, in sorted order, Date left out. */
function headerSet (headers: string[]): string[] {
  return comparable(headers).map((h) => h.slice(0, h.indexOf(':')).toLowerCase() + h.slice(h.indexOf(':'))).sort()
}

/** The differences between two responses with header names' case and order aside (empty when alike). */
function diffAsSet (a: RawResponse, b: RawResponse, name: string): string[] {
  const ha = headerSet(a.headers)
  const hb = headerSet(b.headers)
  if (a.statusLine === b.statusLine && ha.join('\n') === hb.join('\n') && a.body.equals(b.body)) return []
  return [`${name}: ${a.statusLine} | ${ha.join(' | ')}`, `express: ${b.statusLine} | ${hb.join(' | ')}`]
}

/**
 * Sends the benchmark request of every scenario in EXPRESS_HEADER_SCENARIOS to `app` and to
 * express@4 and compares the answers with `differences`; resolves to the number of mismatches.
 */
async function verifyBenchmarkAnswers (app: string, differences: (a: RawResponse, b: RawResponse, name: string) => string[],
  summary: string, log: (line: string) => void): Promise<number> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const other = require(path.join(BENCH_OUT, 'apps', app)) as { start: StartApp }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const express = require(path.join(BENCH_OUT, 'apps', 'express')) as { start: StartApp }
  let failures = 0
  for (const scenario of EXPRESS_HEADER_SCENARIOS) {
    const ctx = scratch()
    const o = await other.start(scenario, ctx)
    const e = await express.start(scenario, ctx)
    if (!o || !e) throw new Error(`${app} and express@4 must both serve ${scenario}`)
    const request = rawRequest(requestFor(scenario))
    const [a, b] = await Promise.all([fetchRaw(o.port, request), fetchRaw(e.port, request)])
    const d = differences(a, b, app)
    if (d.length) {
      failures++
      log(`DIFFERENT  ${app} ${scenario}:\n  ${d.join('\n  ')}`)
    }
    await o.close()
    await e.close()
    fs.rmSync(path.dirname(ctx.staticDir), { recursive: true, force: true })
  }
  log(`${EXPRESS_HEADER_SCENARIOS.length - failures}/${EXPRESS_HEADER_SCENARIOS.length} ${app} responses ${summary}`)
  return failures
}

if (require.main === module) {
  if (!process.argv.includes('--no-build')) buildPackage()
  transpileBench()
  verify().then((failures) => process.exit(failures ? 1 : 0), (err) => { console.error(err); process.exit(1) })
}

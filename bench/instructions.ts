// `node --import tsx bench/instructions.ts`: machine instructions per request, counted by valgrind's
// callgrind around bench/micro-child.ts: node on one thread (`--single-threaded`: the garbage
// collector's work counts there) with fixed hash and random seeds. The counts do not follow the
// machine's speed as CPU time does, though runs on a busy machine differ by up to 4% a row. Slow (a minute
// or two per app and scenario) and blind to cache misses and allocation costs: a second opinion
// beside micro.ts, not a replacement. Needs valgrind. Options: --apps a,b --scenarios a,b
// --against APP (the app ratios are given to; fastify-express-headers) --no-build
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { parseArgs } from 'node:util'
import { APPS } from './lib/bench-server'
import { SCENARIOS } from './scenarios'
import { BENCH_OUT, buildPackage, transpileBench } from './lib/build'
import { collectedInstructions, perRequest } from './lib/instructions'
import { resolvePeer } from './lib/peers'
import { fmtInt, fmtRatio, markdownTable } from './lib/stats'

/** Requests before the measured ones, and the two measured runs' sizes. */
const WARMUP = 4000
const SHORT = 4000
const LONG = 12000

/** Instructions callgrind counted for one micro-child run of `requests` requests; undefined when the app has no idiom for the scenario. */
function count (app: string, scenario: string, requests: number): number | undefined {
  const r = spawnSync('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', '--smc-check=all-non-file',
    process.execPath, '--single-threaded', '--hash-seed=1', '--random-seed=1', path.join(BENCH_OUT, 'micro-child.js'), app, scenario, String(requests)],
  { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production', MICRO_WARMUP: String(WARMUP) }, maxBuffer: 64 * 1024 * 1024 })
  if (r.error) throw r.error
  if (r.status !== 0) throw new Error(`${app} ${scenario}: exit ${r.status}\n${r.stderr.slice(-2000)}`)
  if ((JSON.parse(r.stdout) as { unsupported?: boolean }).unsupported) return undefined
  return collectedInstructions(r.stderr)
}

function main (): void {
  const { values } = parseArgs({
    options: {
      apps: { type: 'string', default: 'node-express-setheader,fastify-express-headers,ristretto,ristretto-express5' },
      scenarios: { type: 'string', default: 'hello' },
      against: { type: 'string', default: 'fastify-express-headers' },
      'no-build': { type: 'boolean', default: false }
    }
  })
  if (spawnSync('valgrind', ['--version']).error) throw new Error('bench/instructions.ts needs valgrind (apt-get install valgrind)')
  const apps = values.apps.split(',')
  const scenarios = values.scenarios.split(',')
  for (const a of apps) if (!(APPS as readonly string[]).includes(a)) throw new Error(`unknown app ${a}`)
  for (const s of scenarios) if (!(SCENARIOS as readonly string[]).includes(s)) throw new Error(`unknown scenario ${s}`)
  if (!values['no-build']) buildPackage()
  transpileBench()
  // Installed here when missing, not inside a counted run.
  if (apps.some((a) => a.startsWith('fastify'))) resolvePeer('fastify')
  const rows: string[][] = []
  for (const scenario of scenarios) {
    const counts = new Map<string, number>()
    for (const app of apps) {
      const short = count(app, scenario, SHORT)
      if (short === undefined) continue
      const each = perRequest(short, count(app, scenario, LONG)!, SHORT, LONG)
      counts.set(app, each)
      process.stderr.write(`${scenario.padEnd(13)} ${app.padEnd(24)} ${fmtInt(each)} instructions/req\n`)
    }
    const reference = counts.get(values.against)
    for (const [app, each] of counts) {
      rows.push([scenario, app, fmtInt(each), reference === undefined ? '' : fmtRatio(reference / each)])
    }
  }
  process.stdout.write(markdownTable(['scenario', 'app', 'instructions/req', `vs ${values.against}`], rows) + '\n')
}

main()

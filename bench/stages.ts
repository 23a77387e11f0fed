// `node --import tsx bench/stages.ts`: where a request's CPU time goes and what it allocates, by stage
// (kernel pass, init, query, route, handler, send, ...: bench/lib/stages.ts), in process
// (bench/stages-child.ts). CPU per request is measured without the profiler; the profile only splits
// it. Objects and bytes are V8's sampling heap profiler's samples (every 8 bytes on average, objects
// collected since kept), per request. Options: --apps a,b --scenarios a,b --no-build
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { parseArgs } from 'node:util'
import { buildPackage, transpileBench, BENCH_OUT } from './lib/build'
import { markdownTable } from './lib/stats'
import { STAGES } from './lib/stages'

interface Stage { us: number, objects: number, bytes: number }

function main (): void {
  const { values } = parseArgs({
    options: {
      apps: { type: 'string', default: 'node-express-setheader,fastify-express-headers,ristretto,ristretto-express5' },
      scenarios: { type: 'string', default: 'hello' },
      'no-build': { type: 'boolean', default: false }
    }
  })
  if (!values['no-build']) buildPackage()
  transpileBench()
  const apps = values.apps.split(',')
  for (const scenario of values.scenarios.split(',')) {
    const results = new Map<string, { cpuPerRequest: number, stages: Record<string, Stage> }>()
    for (const app of apps) {
      const r = spawnSync('taskset', ['-c', '0', process.execPath, path.join(BENCH_OUT, 'stages-child.js'), app, scenario],
        { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } })
      if (r.status !== 0) throw new Error(`${app} ${scenario}: ${r.stderr}`)
      const j = JSON.parse(r.stdout) as { unsupported?: boolean, cpuPerRequest: number, stages: Record<string, Stage> }
      if (!j.unsupported) results.set(app, j)
    }
    const shown = [...results.keys()]
    const rows: string[][] = []
    for (const stage of STAGES) {
      if (!shown.some((a) => results.get(a)!.stages[stage])) continue
      rows.push([stage, ...shown.map((a) => {
        const s = results.get(a)!.stages[stage]
        return s ? `${s.us.toFixed(2)} / ${s.objects.toFixed(1)} / ${(s.bytes / 1024).toFixed(2)}` : '-'
      })])
    }
    rows.push(['total', ...shown.map((a) => {
      const all = Object.values(results.get(a)!.stages)
      const sum = (f: (s: Stage) => number): number => all.reduce((t, s) => t + f(s), 0)
      return `${results.get(a)!.cpuPerRequest.toFixed(2)} / ${sum((s) => s.objects).toFixed(1)} / ${(sum((s) => s.bytes) / 1024).toFixed(2)}`
    })])
    process.stdout.write(`\n${scenario}: CPU µs / objects / KB allocated, per request\n\n` + markdownTable(['stage', ...shown], rows) + '\n')
  }
}

main()

// `node --import tsx bench/micro.ts`: framework overhead per request measured in-process (no sockets, no load
// generator: see micro-child.ts), steadier than req/s on a busy machine. Besides each app's median, its CPU
// per request over that of each app of --against (the floor and fastify by default), paired round by round:
// the median of the rounds' own ratios and their lowest and highest. Options: --apps a,b --scenarios a,b
// --against a,b --rounds N --requests N --no-build
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { parseArgs } from 'node:util'
import { APPS, OPTIONAL_APPS, type AppName } from './lib/bench-server'
import { SCENARIOS, type ScenarioName } from './scenarios'
import { BENCH_OUT, buildPackage, transpileBench } from './lib/build'
import { median, markdownTable, fmtRatio, roundRatios } from './lib/stats'

const DEFAULT_SCENARIOS: readonly ScenarioName[] = ['hello', 'json', 'middleware', 'routing-start', 'routing-end', 'body']

function main (): void {
  const { values } = parseArgs({
    options: {
      apps: { type: 'string' },
      scenarios: { type: 'string' },
      against: { type: 'string', default: 'node-express-setheader,fastify' },
      rounds: { type: 'string', default: '3' },
      requests: { type: 'string', default: '100000' },
      'no-build': { type: 'boolean', default: false }
    }
  })
  const apps = (values.apps ? values.apps.split(',') : APPS.filter((a) => !OPTIONAL_APPS.has(a))) as AppName[]
  const scenarios = (values.scenarios ? values.scenarios.split(',') : [...DEFAULT_SCENARIOS]) as ScenarioName[]
  for (const a of apps) if (!(APPS as readonly string[]).includes(a)) throw new Error(`unknown app ${a}`)
  for (const s of scenarios) if (!(SCENARIOS as readonly string[]).includes(s)) throw new Error(`unknown scenario ${s}`)
  if (!values['no-build']) buildPackage()
  transpileBench()
  /** CPU µs per request, by `scenario app`, by round. */
  const results = new Map<string, Map<number, number>>()
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const scenario of scenarios) {
      for (const app of apps) {
        const r = spawnSync('taskset', ['-c', '0', process.execPath, path.join(BENCH_OUT, 'micro-child.js'), app, scenario, String(values.requests)],
          { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } })
        if (r.status !== 0) throw new Error(`${app} ${scenario}: ${r.stderr}`)
        const j = JSON.parse(r.stdout) as { cpuPerRequest?: number, unsupported?: boolean }
        if (j.unsupported || j.cpuPerRequest === undefined) continue
        const k = `${scenario} ${app}`
        if (!results.has(k)) results.set(k, new Map())
        results.get(k)!.set(round, j.cpuPerRequest)
        process.stderr.write(`round ${round + 1} ${scenario.padEnd(13)} ${app.padEnd(17)} ${j.cpuPerRequest.toFixed(2)} us/req\n`)
      }
    }
  }
  const against = values.against.split(',').filter((a) => apps.includes(a as AppName))
  const rows: string[][] = []
  for (const scenario of scenarios) {
    const byRound = (app: string): Map<number, number> => results.get(`${scenario} ${app}`) ?? new Map()
    const nodeUs = median([...byRound('node').values()])
    for (const app of apps) {
      const us = median([...byRound(app).values()])
      if (!Number.isFinite(us)) continue
      const paired = against.map((other) => {
        const ratios = roundRatios(byRound(app), byRound(other))
        return ratios.length === 0 ? '-' : `${fmtRatio(median(ratios))} (${fmtRatio(Math.min(...ratios))}–${fmtRatio(Math.max(...ratios))})`
      })
      rows.push([scenario, app, us.toFixed(2), fmtRatio(nodeUs / us), ...paired])
    }
  }
  const head = ['scenario', 'app', 'CPU us/req (median)', 'throughput vs node:http', ...against.map((a) => `CPU vs ${a} (paired: median, lowest–highest)`)]
  process.stdout.write(markdownTable(head, rows) + '\n')
}

main()

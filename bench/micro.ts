// `node --import tsx bench/micro.ts`: framework overhead per request measured in-process (no sockets, no load
// generator: see micro-child.ts), steadier than req/s on a busy machine. Options: --apps a,b --scenarios a,b
// --rounds N --requests N --no-build
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { parseArgs } from 'node:util'
import { APPS, OPTIONAL_APPS, type AppName } from './lib/bench-server'
import { SCENARIOS, type ScenarioName } from './scenarios'
import { BENCH_OUT, buildPackage, transpileBench } from './lib/build'
import { median, markdownTable, fmtRatio } from './lib/stats'

const DEFAULT_SCENARIOS: readonly ScenarioName[] = ['hello', 'json', 'middleware', 'routing-start', 'routing-end', 'body']

function main (): void {
  const { values } = parseArgs({
    options: {
      apps: { type: 'string' },
      scenarios: { type: 'string' },
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
  const results = new Map<string, number[]>()
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const scenario of scenarios) {
      for (const app of apps) {
        const r = spawnSync('taskset', ['-c', '0', process.execPath, path.join(BENCH_OUT, 'micro-child.js'), app, scenario, String(values.requests)],
          { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } })
        if (r.status !== 0) throw new Error(`${app} ${scenario}: ${r.stderr}`)
        const j = JSON.parse(r.stdout) as { cpuPerRequest?: number, unsupported?: boolean }
        if (j.unsupported || j.cpuPerRequest === undefined) continue
        const k = `${scenario} ${app}`
        results.set(k, [...(results.get(k) ?? []), j.cpuPerRequest])
        process.stderr.write(`round ${round + 1} ${scenario.padEnd(13)} ${app.padEnd(17)} ${j.cpuPerRequest.toFixed(2)} us/req\n`)
      }
    }
  }
  const rows: string[][] = []
  for (const scenario of scenarios) {
    const nodeUs = median(results.get(`${scenario} node`) ?? [])
    for (const app of apps) {
      const us = median(results.get(`${scenario} ${app}`) ?? [])
      if (!Number.isFinite(us)) continue
      rows.push([scenario, app, us.toFixed(2), fmtRatio(nodeUs / us)])
    }
  }
  process.stdout.write(markdownTable(['scenario', 'app', 'CPU us/req (median)', 'throughput vs node:http'], rows) + '\n')
}

main()

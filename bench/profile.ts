// Profiles one app on one scenario under load and prints the functions with the most self time.
// Usage: node --import tsx bench/profile.ts <app> <scenario> [seconds] [--no-build]
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { APPS, type AppName } from './lib/bench-server'
import { SCENARIOS, STATIC_FILES, requestFor, type ScenarioName } from './scenarios'
import { buildPackage, transpileBench, ROOT } from './lib/build'
import { canPin, pickTool, runLoad } from './lib/load'
import { startServer } from './lib/servers'

interface ProfileNode { id: number, callFrame: { functionName: string, url: string, lineNumber: number }, hitCount?: number, children?: number[] }
interface Profile { nodes: ProfileNode[], samples: number[], timeDeltas: number[] }

async function main (): Promise<void> {
  const args = process.argv.slice(2).filter((a) => !a.startsWith('--'))
  const [app, scenario, seconds = '5'] = args
  if (!(APPS as readonly string[]).includes(app) || !(SCENARIOS as readonly string[]).includes(scenario)) {
    throw new Error(`usage: profile <${APPS.join('|')}> <${SCENARIOS.join('|')}> [seconds]`)
  }
  if (!process.argv.includes('--no-build')) buildPackage()
  transpileBench()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-profile-'))
  const staticDir = path.join(dir, 'public')
  fs.mkdirSync(staticDir)
  for (const f of Object.values(STATIC_FILES)) fs.writeFileSync(path.join(staticDir, f.name), 'x'.repeat(f.size))
  const pin = canPin()
  const server = await startServer(app as AppName, scenario as ScenarioName, { staticDir, logFile: path.join(dir, 'access.log') },
    { cpu: pin ? 0 : undefined, nodeArgs: ['--cpu-prof', '--cpu-prof-dir', dir] })
  if (!server) throw new Error('unsupported scenario for this app')
  const load = { port: server.port, spec: requestFor(scenario as ScenarioName), connections: 100, cpu: pin ? 1 : undefined }
  const r = await runLoad(pickTool(), { ...load, seconds: Number(seconds) })
  await server.stop()
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))
  if (!file) throw new Error('no profile written')
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Profile
  const self = new Map<string, number>()
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  let total = 0
  profile.samples.forEach((id, i) => {
    const n = byId.get(id)!
    const cf = n.callFrame
    const where = cf.url ? `${path.relative(ROOT, cf.url.replace('file://', ''))}:${cf.lineNumber + 1}` : ''
    const name = `${cf.functionName || '(anonymous)'} ${where}`
    const dt = profile.timeDeltas[i] ?? 0
    total += dt
    self.set(name, (self.get(name) ?? 0) + dt)
  })
  console.log(`${app} ${scenario}: ${Math.round(r.rps)} req/s; top self time (of ${(total / 1e6).toFixed(1)} s sampled):`)
  for (const [name, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
    console.log(`${(100 * t / total).toFixed(1).padStart(5)}%  ${name}`)
  }
  // Inclusive time of every function (counted once per sample even when recursive).
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const inclusive = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    const seen = new Set<string>()
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const cf = byId.get(cur)!.callFrame
      if (!cf.url) continue
      const name = `${cf.functionName || '(anonymous)'} ${path.relative(ROOT, cf.url.replace('file://', ''))}:${cf.lineNumber + 1}`
      if (seen.has(name)) continue
      seen.add(name)
      inclusive.set(name, (inclusive.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0))
    }
  })
  console.log('\ntop inclusive time:')
  for (const [name, t] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 60)) {
    console.log(`${(100 * t / total).toFixed(1).padStart(5)}%  ${name}`)
  }
  fs.rmSync(dir, { recursive: true, force: true })
}

main().catch((err) => { console.error(err); process.exit(1) })

// One in-process measurement (bench/lib/in-memory.ts): CPU time per request of an app on a scenario,
// after a warm-up (MICRO_WARMUP requests; 20 000 by default, fewer when fewer are measured).
// Usage: node dist/bench/micro-child.js <app> <scenario> <requests>; prints JSON.
import { startInMemory } from './lib/in-memory'

async function main (): Promise<void> {
  const [app, scenario, countArg] = process.argv.slice(2)
  if (app === undefined || scenario === undefined) throw new Error('usage: micro-child <app> <scenario> <requests>')
  const total = Number(countArg ?? 50000)
  const started = await startInMemory(app, scenario)
  if (!started) {
    process.stdout.write(JSON.stringify({ unsupported: true }) + '\n')
    return
  }
  await started.run(Number(process.env.MICRO_WARMUP ?? Math.min(20000, total)))
  const cpu0 = process.cpuUsage()
  const t0 = process.hrtime.bigint()
  await started.run(total)
  const wall = Number(process.hrtime.bigint() - t0) / 1e3
  const cpu = process.cpuUsage(cpu0)
  process.stdout.write(JSON.stringify({ cpuPerRequest: (cpu.user + cpu.system) / total, wallPerRequest: wall / total }) + '\n')
  started.close()
  process.exit(0)
}

main().catch((err) => { console.error(err); process.exit(1) })

// A benchmark server process: `node server.js <app> <scenario> <staticDir> <logFile>`, driven over IPC.
// Sends { port } when listening; answers 'memory' with heap and RSS after a full GC (run with --expose-gc);
// closes and exits on 'close'.
import fs from 'node:fs'
import { APPS, type AppName, type BenchServer, type StartApp } from './lib/bench-server'
import { SCENARIOS, type ScenarioName } from './scenarios'

/** What the parent learns from a server. */
export type ServerMessage =
  | { type: 'ready', port: number }
  | { type: 'unsupported' }
  | { type: 'memory', heapUsed: number, rss: number, peakRss: number }

/** Peak resident set size of this process in bytes (VmHWM), 0 where /proc is absent. */
export function peakRss (pid: number | 'self' = 'self'): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) * 1024 : 0
  } catch {
    return 0
  }
}

function send (message: ServerMessage): void {
  if (process.send) process.send(message)
}

async function main (): Promise<void> {
  const [appName, scenario, staticDir, logFile] = process.argv.slice(2)
  if (!(APPS as readonly string[]).includes(appName) || !(SCENARIOS as readonly string[]).includes(scenario)) {
    throw new Error(`usage: server <${APPS.join('|')}> <${SCENARIOS.join('|')}> <staticDir> <logFile>`)
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(`./apps/${appName as AppName}`) as { start: StartApp }
  const server: BenchServer | undefined = await mod.start(scenario as ScenarioName, { staticDir, logFile })
  if (!server) {
    send({ type: 'unsupported' })
    return
  }
  process.on('message', (msg) => {
    if (msg === 'memory') {
      const gc = (globalThis as { gc?: () => void }).gc
      if (gc) { gc(); gc() }
      const mem = process.memoryUsage()
      send({ type: 'memory', heapUsed: mem.heapUsed, rss: mem.rss, peakRss: peakRss() })
    } else if (msg === 'close') {
      server.close().then(() => process.exit(0), () => process.exit(1))
    }
  })
  process.on('disconnect', () => process.exit(0))
  send({ type: 'ready', port: server.port })
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})

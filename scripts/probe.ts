// `npm run probe`: sends the bad-input corpus (scripts/probe/corpus.ts) to the same app on the default
// and the hardened build (the modern preset), each in a child process, and prints, per category,
// how many inputs were tried and what became of them: refused as expected, served, crashed or hung.
// Options: --json (the counts as JSON too), --only <category substring>, --verbose (name each input not refused).
import fs from 'node:fs'
import path from 'node:path'
import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { parseArgs } from 'node:util'
import { corpus, type Category, type ProbeInput } from './probe/corpus'
import { send } from './probe/client'
import { createTree } from './probe/tree'

type Build = 'default' | 'hardened'
type Outcome = 'refused' | 'served' | 'crashed' | 'hung'
type Counts = Record<Outcome, number>

const BUILDS: readonly Build[] = ['default', 'hardened']
const CONCURRENCY = 16

/** One build's server, restarted after a crash. */
class Target {
  private child: ChildProcess | undefined
  private port: Promise<number> | undefined
  crashes = 0

  constructor (readonly build: Build, private readonly tree: string) {}

  /** The port of a live server (starting one if the last one died). */
  ready (): Promise<number> {
    if (this.port === undefined || this.child?.exitCode !== null || this.child.signalCode !== null) this.port = this.start()
    return this.port
  }

  get alive (): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null
  }

  private async start (): Promise<number> {
    const child = fork(path.join(__dirname, 'probe', 'server.ts'), [this.build, this.tree], {
      execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'ignore', 'ipc']
    })
    this.child = child
    const [message] = await once(child, 'message') as [{ port: number }]
    return message.port
  }

  stop (): void {
    this.child?.kill()
  }
}

async function runInput (target: Target, input: ProbeInput): Promise<Outcome> {
  const port = await target.ready()
  const reply = await send(port, input)
  if (reply.kind === 'timeout') return 'hung'
  if (reply.kind === 'closed') {
    // Let an exit that dropped the connection be seen.
    await new Promise((resolve) => setTimeout(resolve, 50))
    if (!target.alive) return 'crashed'
  }
  return input.judge(reply)
}

async function runCategory (target: Target, category: Category, verbose: boolean): Promise<Counts> {
  const counts: Counts = { refused: 0, served: 0, crashed: 0, hung: 0 }
  const queue = [...category.inputs]
  const worker = async (): Promise<void> => {
    for (let input = queue.shift(); input !== undefined; input = queue.shift()) {
      const outcome = await runInput(target, input)
      counts[outcome]++
      if (verbose && outcome !== 'refused') process.stderr.write(`    ${target.build}: ${outcome}: ${JSON.stringify(input.label)}\n`)
    }
  }
  await Promise.all(Array.from({ length: category.serial ? 1 : CONCURRENCY }, worker))
  return counts
}

function cell (counts: Counts): string {
  return `${counts.refused} / ${counts.served} / ${counts.crashed} / ${counts.hung}`
}

async function main (): Promise<void> {
  const { values } = parseArgs({ options: { json: { type: 'boolean' }, only: { type: 'string' }, verbose: { type: 'boolean' } } })
  const categories = corpus().filter((c) => values.only === undefined || c.name.toLowerCase().includes(values.only.toLowerCase()))
  const tree = createTree()
  const started = Date.now()
  const results = new Map<string, Record<Build, Counts>>()
  try {
    // The builds run side by side: each category's slow inputs (hangs) overlap.
    await Promise.all(BUILDS.map(async (build) => {
      const target = new Target(build, tree)
      try {
        for (const category of categories) {
          const counts = await runCategory(target, category, values.verbose === true)
          const row = results.get(category.name) ?? ({} as Record<Build, Counts>)
          row[build] = counts
          results.set(category.name, row)
          process.stderr.write(`  ${build}: ${category.name}: ${cell(counts)}\n`)
        }
      } finally {
        target.stop()
      }
    }))
  } finally {
    fs.rmSync(tree, { recursive: true, force: true })
  }

  const lines = [
    '| Category | Inputs | Default preset: refused / served / crashed / hung | Hardened (modern preset): refused / served / crashed / hung |',
    '|---|---:|---|---|'
  ]
  const totals: Record<Build, Counts> = { default: { refused: 0, served: 0, crashed: 0, hung: 0 }, hardened: { refused: 0, served: 0, crashed: 0, hung: 0 } }
  let inputs = 0
  for (const category of categories) {
    const row = results.get(category.name)!
    inputs += category.inputs.length
    for (const build of BUILDS) for (const outcome of Object.keys(totals[build]) as Outcome[]) totals[build][outcome] += row[build][outcome]
    lines.push(`| ${category.name} | ${category.inputs.length} | ${cell(row.default)} | ${cell(row.hardened)} |`)
  }
  lines.push(`| **All** | **${inputs}** | **${cell(totals.default)}** | **${cell(totals.hardened)}** |`)
  process.stdout.write(lines.join('\n') + '\n')
  process.stdout.write(`\n${inputs} inputs per build, node ${process.version}, ${((Date.now() - started) / 1000).toFixed(1)} s\n`)
  if (values.json) process.stdout.write(JSON.stringify(Object.fromEntries(results)) + '\n')
}

main().catch((err) => {
  process.stderr.write(String(err?.stack ?? err) + '\n')
  process.exitCode = 1
})

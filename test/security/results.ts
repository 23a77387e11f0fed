// What each advisory check observed, kept per test file so vulnerability-table.test.ts can print
// one table for the whole run (the table of SECURITY.md).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TargetName } from './support'

export type Column = 'vulnerable' | TargetName

/** One advisory's row: where its input was shown firing, and what each target did with it. */
export interface Row {
  /** The advisory id (CVE, or GHSA when it has no CVE). */
  id: string
  /** The package and the versions the advisory names. */
  pkg: string
  /** The vulnerable version the suite shows the input firing on. */
  shownOn: string
  cells: Partial<Record<Column, string>>
}

/** A row being filled in by a test file. */
export interface RowRecorder {
  /** Records whether the input fired on `column`. */
  saw (column: Column, fired: boolean): void
  /** Records that `column` has nothing the input can reach, and why (`no res.cookie`). */
  na (column: Column, why: string): void
  /** Records a check that could not run, and why. */
  skipped (column: Column, why: string): void
}

/** The folder a run's results go to: inside the run's compiled tree, so each run starts empty; none outside test/run.mjs. */
export function resultsDir (): string | undefined {
  const compiled = process.env.RISTRETTO_TEST_JS
  return compiled === undefined ? undefined : path.join(compiled, 'security-advisories')
}

/**
 * The recorder of one test file (`key` names it): rows are written when the process exits, and
 * a marker at once, so the table waits for files that have started.
 */
export function recorder (key: string): { row (id: string, pkg: string, shownOn: string): RowRecorder } {
  const dir = resultsDir()
  const rows: Row[] = []
  if (dir !== undefined) {
    fs.mkdirSync(dir, { recursive: true })
    fs.writeFileSync(path.join(dir, `${key}.running`), String(process.pid))
    process.once('exit', () => { fs.writeFileSync(path.join(dir, `${key}.json`), JSON.stringify(rows)) })
  }
  return {
    row (id, pkg, shownOn) {
      const row: Row = { id, pkg, shownOn, cells: {} }
      rows.push(row)
      return {
        saw (column, fired) { row.cells[column] = fired ? 'fires' : 'closed' },
        na (column, why) { row.cells[column] = `n/a (${why})` },
        skipped (column, why) { row.cells[column] = `skipped (${why})` }
      }
    }
  }
}

/** How long the table waits for files that started but have not yet left their marker. */
const STARTUP_GRACE = 8000

/**
 * Reads every file's rows once each started file has written them (or `deadline` passes), files
 * in the order of `order` (keys not in it last, by name).
 */
export async function collectRows (deadline: number, order: readonly string[] = []): Promise<{ rows: Row[], missing: string[] }> {
  const dir = resultsDir()
  if (dir === undefined || !fs.existsSync(dir)) return { rows: [], missing: [] }
  const pending = (): string[] => fs.readdirSync(dir).filter((f) => f.endsWith('.running'))
    .map((f) => f.slice(0, -'.running'.length)).filter((key) => !fs.existsSync(path.join(dir, `${key}.json`)))
  const allDone = (): boolean => order.length > 0 && order.every((key) => fs.existsSync(path.join(dir, `${key}.json`)))
  // A file started just before this one may not have loaded far enough to leave its marker yet.
  const grace = Date.now() + STARTUP_GRACE
  while (!allDone() && (pending().length > 0 || Date.now() < grace) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  const rank = (key: string): number => order.includes(key) ? order.indexOf(key) : order.length
  const keys = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length))
    .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))
  const rows: Row[] = []
  for (const key of keys) rows.push(...JSON.parse(fs.readFileSync(path.join(dir, `${key}.json`), 'utf8')) as Row[])
  return { rows, missing: pending() }
}

/**
 * The markdown table of `rows`, one per advisory: the vulnerable version it fired on (what it did
 * there, when it did not fire), then each target's outcome.
 */
export function markdownTable (rows: readonly Row[], columns: ReadonlyArray<[TargetName, string]>): string {
  const head = ['advisory', 'package', 'shown firing on', ...columns.map(([, title]) => title)]
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`]
  for (const row of rows) {
    const shown = row.cells.vulnerable === 'fires' ? row.shownOn : `${row.shownOn}: ${row.cells.vulnerable ?? 'not run'}`
    lines.push(`| ${[row.id, row.pkg, shown, ...columns.map(([c]) => row.cells[c] ?? '—')].join(' | ')} |`)
  }
  return lines.join('\n')
}

/** A temporary folder for a test file's fixtures, removed at exit. */
export function scratchDir (prefix: string): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `ristretto-security-${prefix}-`)))
  process.once('exit', () => { fs.rmSync(dir, { recursive: true, force: true }) })
  return dir
}

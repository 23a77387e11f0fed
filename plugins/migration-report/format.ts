// The migration report as text: one block per finding, grouped by kind.
import type { MigrationReport } from './types'

const indent = (lines: readonly string[]): string[] => lines.map((line) => `    ${line}`)

/**
 * The report as readable text, for a terminal or a log.
 *
 * @example console.log(formatMigrationReport(app.migrationReport()))
 */
export function formatMigrationReport (report: Pick<MigrationReport, 'paths' | 'calls' | 'settings'>): string {
  const { paths, calls, settings } = report
  if (paths.length + calls.length + settings.length === 0) return 'Express 5 migration: nothing found.'
  const out = [`Express 5 migration: ${paths.length} path(s), ${calls.length} call(s), ${settings.length} setting(s) to change.`]
  if (paths.length > 0) {
    out.push('', 'Paths')
    for (const p of paths) {
      const what = p.kind === 'route' ? `${p.methods.join(', ')} ${p.fullPath}` : `use ${p.fullPath}`
      out.push(`  ${what}`, ...indent([
        `${p.problem === 'invalid' ? 'invalid' : 'changed'}: ${p.reason}`,
        `write ${JSON.stringify(p.path)} as ${typeof p.suggestion === 'string' ? JSON.stringify(p.suggestion) : String(p.suggestion)}`,
        ...p.notes
      ]))
    }
  }
  if (calls.length > 0) {
    out.push('', 'Calls')
    for (const c of calls) {
      out.push(`  ${c.api} at ${c.callSite} (${c.count} time${c.count === 1 ? '' : 's'})`, ...indent([
        c.advice,
        ...(c.requests.length > 0 ? [`while serving ${c.requests.join(', ')}`] : [])
      ]))
    }
  }
  if (settings.length > 0) {
    out.push('', 'Settings')
    for (const s of settings) {
      out.push(`  ${s.setting}: ${s.express4} in Express 4, ${s.express5} in Express 5`, ...indent([s.advice, `relied on by ${s.evidence.join(', ')}`]))
    }
  }
  return out.join('\n')
}

// The plugin factories and their option descriptions, for the tests of options and of docs/reference.md.
import fs from 'node:fs'
import path from 'node:path'
import type { Plugin } from '../../kernel'
import type { OptionDescription, OptionsDescription } from '../../plugins/shared/options'
import { HARDENED_OPTIONS } from '../../plugins/hardened'
import { GRACEFUL_SHUTDOWN_OPTIONS } from '../../plugins/graceful-shutdown'
import { ASYNC_HANDLERS_OPTIONS } from '../../plugins/async-handlers'
import { OPENTELEMETRY_OPTIONS } from '../../plugins/opentelemetry'

const PLUGINS_DIR = path.resolve(__dirname, '..', '..', 'plugins')

export type Factory = (options?: unknown) => Plugin

/** Every `…Plugin` factory exported by a plugin folder's index (or logger's plugin.ts), by name. */
export function pluginFactories (): Map<string, Factory> {
  const found = new Map<string, Factory>()
  for (const folder of fs.readdirSync(PLUGINS_DIR).sort()) {
    for (const file of ['index.ts', 'plugin.ts']) {
      const full = path.join(PLUGINS_DIR, folder, file)
      if (!fs.existsSync(full)) continue
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const exported = require(full) as Record<string, unknown>
      for (const [name, value] of Object.entries(exported)) {
        if (name.endsWith('Plugin') && typeof value === 'function') found.set(name, value as Factory)
      }
    }
  }
  return found
}

/** The descriptions of the factories that take options. */
export const DESCRIBED: readonly OptionsDescription[] = [HARDENED_OPTIONS, GRACEFUL_SHUTDOWN_OPTIONS, ASYNC_HANDLERS_OPTIONS, OPENTELEMETRY_OPTIONS]

/** The row a described option has in the reference. */
export function renderRow (option: OptionDescription): string {
  const types = option.type.map((type) => `\`${type}\``).join(' or ')
  const fallback = option.default === 'none' ? 'none' : `\`${option.default}\``
  return `| \`${option.name}\` | ${types} | ${fallback} | ${option.effect} |`
}

// A project's side of a swap, with npm: package.json's `express` and `overrides`, the lockfile's
// entries for the copies of express npm would otherwise keep, and `npm install`.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { EDITION_NAME, findExpresses, readManifest } from './tree'

/** An error the command reports as one line, without a stack. */
export class UsageError extends Error {}

/** The kinds of dependency a project may list express in, in the order they are looked at. */
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies'] as const
type DependencyField = typeof DEPENDENCY_FIELDS[number]

/** The flag that keeps `npm install express@…` saving to `field`. */
const SAVE_FLAG: Record<DependencyField, string[]> = { dependencies: [], devDependencies: ['--save-dev'], optionalDependencies: ['--save-optional'] }

/** The override that makes every express in the tree the project's own. */
export const OVERRIDE = '$express'

/** A lock entry's path for a copy of express (`node_modules/express`, `node_modules/a/node_modules/express`). */
const EXPRESS_COPY = /(^|\/)node_modules\/express$/

/** Lockfiles of other package managers, which swap and restore leave to them. */
const OTHER_LOCKFILES: Record<string, string> = { 'pnpm-lock.yaml': 'pnpm', 'yarn.lock': 'yarn', 'bun.lock': 'bun', 'bun.lockb': 'bun' }

type Json = Record<string, any>

/** The nearest folder from `from` up that has a package.json. */
export function projectRoot (from: string): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir
    if (dir === path.dirname(dir)) throw new UsageError(`no package.json in ${from} or above it`)
  }
}

/** A JSON file and how to write it back as it was laid out. */
interface JsonFile { file: string, data: Json, indent: string, eol: string }

function readJson (file: string): JsonFile {
  const text = fs.readFileSync(file, 'utf8')
  return { file, data: JSON.parse(text) as Json, indent: /^([ \t]+)"/m.exec(text)?.[1] ?? '  ', eol: text.includes('\r\n') ? '\r\n' : '\n' }
}

function writeJson ({ file, data, indent, eol }: JsonFile): void {
  fs.writeFileSync(file, JSON.stringify(data, null, indent).replace(/\n/g, eol) + eol)
}

/** The project's package.json, the field that lists express (dependencies unless another does) and its spec there. */
function readProject (root: string): { manifest: JsonFile, field: DependencyField, spec: string | undefined } {
  const npmOnly = Object.keys(OTHER_LOCKFILES).find((name) => fs.existsSync(path.join(root, name)))
  if (npmOnly !== undefined && !['package-lock.json', 'npm-shrinkwrap.json'].some((name) => fs.existsSync(path.join(root, name)))) {
    throw new UsageError(`this project is installed with ${OTHER_LOCKFILES[npmOnly]} (${npmOnly}); swap and restore run npm. Ristretto's docs/editions.md says how to swap with ${OTHER_LOCKFILES[npmOnly]}.`)
  }
  const manifest = readJson(path.join(root, 'package.json'))
  const field = DEPENDENCY_FIELDS.find((name) => manifest.data[name]?.express !== undefined) ?? 'dependencies'
  return { manifest, field, spec: manifest.data[field]?.express }
}

/**
 * Drops the entries of the project's lockfile for the copies of express that `drop` picks (by
 * their lock entry), with everything nested under them; npm then resolves those dependencies
 * afresh. Returns the paths dropped.
 */
function dropExpressCopies (root: string, drop: (entry: Json) => boolean): string[] {
  const file = ['npm-shrinkwrap.json', 'package-lock.json'].map((name) => path.join(root, name)).find((f) => fs.existsSync(f))
  if (file === undefined) return []
  const lock = readJson(file)
  const packages: Json = lock.data.packages ?? {}
  const copies = Object.keys(packages).filter((where) => EXPRESS_COPY.test(where) && drop(packages[where]))
  const dropped = Object.keys(packages).filter((where) => copies.some((copy) => where === copy || where.startsWith(copy + '/')))
  for (const where of dropped) delete packages[where]
  // Lockfiles of npm 6 and their npm 7/8 successors also keep the tree as nested `dependencies`.
  const legacy = (deps: Json | undefined): void => {
    if (deps === undefined) return
    if (deps.express !== undefined && drop({ ...deps.express, name: String(deps.express.version).includes(EDITION_NAME) ? EDITION_NAME : 'express' })) delete deps.express
    for (const dep of Object.values(deps)) legacy((dep as Json).dependencies)
  }
  legacy(lock.data.dependencies)
  if (dropped.length > 0) writeJson(lock)
  return dropped
}

/**
 * What `npm install express@…` takes for `target`: `4` or `5`, the edition of that Express line
 * from the registry; a path to a tarball, that file (relative to the project, as npm saves it);
 * any other spec as it is.
 */
export function editionSpec (target: string, root: string, cwd: string): string {
  if (/^[45]$/.test(target)) return `npm:${EDITION_NAME}@^${target}`
  if (/^[a-z+]+:/.test(target)) return target
  const file = path.resolve(cwd, target)
  if (!fs.existsSync(file)) throw new UsageError(`no such tarball: ${target}`)
  const relative = path.relative(root, file).split(path.sep).join('/')
  return `file:${relative}`
}

/** Runs npm in `root` with `args`, its output the user's; its exit code. */
export function npm (root: string, args: readonly string[]): number {
  // The npm that runs this command (npx sets npm_execpath to its npx-cli.js), else npm from PATH.
  const execpath = process.env.npm_execpath
  const cli = execpath === undefined ? undefined : path.join(path.dirname(execpath), 'npm-cli.js')
  const [command, commandArgs] = cli !== undefined && fs.existsSync(cli) ? [process.execPath, [cli, ...args]] : ['npm', [...args]]
  process.stderr.write(`> npm ${args.join(' ')}\n`)
  const r = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', shell: command === 'npm' && process.platform === 'win32' })
  return r.status ?? 1
}

/**
 * Makes the edition `target` names (or, without one, the project's own `express`, an edition
 * already) every `express` of the project's tree: `overrides.express` set to `$express`, the
 * lockfile's copies of express dropped, then `npm install`. Returns npm's exit code.
 */
export function swap (root: string, target: string | undefined, cwd: string): number {
  const { manifest, field, spec } = readProject(root)
  if (target === undefined) {
    const installed = readManifest(path.join(root, 'node_modules', 'express'))
    if (installed?.name !== EDITION_NAME && spec?.includes(EDITION_NAME) !== true) {
      throw new UsageError('the project\'s express is not an edition: name one (swap 4, swap 5 or swap TARBALL)')
    }
  }
  const overrides: Json = manifest.data.overrides ?? {}
  if (overrides.express !== undefined && overrides.express !== OVERRIDE) {
    throw new UsageError(`package.json's overrides already set express to ${JSON.stringify(overrides.express)}; set it to "${OVERRIDE}" or remove it`)
  }
  if (overrides.express === undefined) {
    manifest.data.overrides = { ...overrides, express: OVERRIDE }
    writeJson(manifest)
    process.stderr.write(`package.json: "overrides": { "express": "${OVERRIDE}" }\n`)
  }
  const dropped = dropExpressCopies(root, () => true)
  if (dropped.length > 0) process.stderr.write(`lockfile: dropped ${dropped.join(', ')}\n`)
  return npm(root, target === undefined ? ['install'] : ['install', `express@${editionSpec(target, root, cwd)}`, ...SAVE_FLAG[field]])
}

/**
 * Puts Express itself back in place of the editions of the tree: `version` (by default the
 * newest of the line of the edition installed) as the project's `express`, the lockfile's
 * edition copies dropped, then `npm install`. `overrides.express` stays as it is. Returns npm's
 * exit code.
 */
export function restore (root: string, version: string | undefined): number {
  const { manifest, field, spec } = readProject(root)
  const installed = findExpresses(root).expresses.find((copy) => copy.edition)?.version ?? /ristretto-express-?@?\^?~?(\d+)/.exec(spec ?? '')?.[1]
  const target = version ?? installed?.split('.')[0]
  if (target === undefined) throw new UsageError('no edition in this project to take the Express line from: name the version (restore 4.22.1, restore 5)')
  const dropped = dropExpressCopies(root, (entry) => entry.name === EDITION_NAME)
  if (dropped.length > 0) process.stderr.write(`lockfile: dropped ${dropped.join(', ')}\n`)
  const status = npm(root, ['install', `express@${target}`, ...SAVE_FLAG[field]])
  if (manifest.data.overrides?.express === OVERRIDE) {
    process.stderr.write(`package.json keeps "overrides": { "express": "${OVERRIDE}" }: every package of the tree loads the project's express. Without it, packages that pin another version get their own copy.\n`)
  }
  return status
}

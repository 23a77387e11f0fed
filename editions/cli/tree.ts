// Which `express` each package of a project's tree loads: every package folder under
// node_modules (npm's nested folders, pnpm's .pnpm store), each resolving `require('express')`
// as node does from its own folder.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

/** The name an edition has in its package.json, under whatever name it is installed. */
export const EDITION_NAME = 'ristretto-express'

/** One copy of `express` in the tree and the packages that load it. */
export interface ExpressCopy {
  /** Its folder, relative to the project. */
  path: string
  /** `express`, or `ristretto-express` for an edition. */
  name: string
  version: string
  edition: boolean
  /** The packages whose `require('express')` loads it (`name@version`; the project's own name first). */
  usedBy: string[]
}

/** What `findExpresses` found. */
export interface ExpressTree {
  root: string
  expresses: ExpressCopy[]
  /** Packages that declare `express` and find none. */
  missing: string[]
  /**
   * What an edition left in the tree (folders relative to the project): an edition nothing
   * loads, its router outside it, its build inside Express.
   */
  leftovers: string[]
}

interface Manifest {
  name?: string
  version?: string
  description?: string
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
}

/** The package.json of `dir`, or undefined when it has none that parses. */
export function readManifest (dir: string): Manifest | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest
  } catch {
    return undefined
  }
}

/** Whether `manifest` asks for `express` (the project: any kind of dependency; a package: those it installs with or expects). */
function declaresExpress (manifest: Manifest, isProject: boolean): boolean {
  const kinds = [manifest.dependencies, manifest.optionalDependencies, manifest.peerDependencies, isProject ? manifest.devDependencies : undefined]
  return kinds.some((deps) => deps !== undefined && Object.hasOwn(deps, 'express'))
}

/** The real folders of every package under `dir`'s node_modules, nested ones and pnpm's store included. */
function packageFolders (root: string): string[] {
  const seen = new Set<string>()
  const found: string[] = []
  const visitModules = (modules: string): void => {
    let entries: fs.Dirent[]
    try {
      entries = fs.readdirSync(modules, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      const full = path.join(modules, entry.name)
      if (entry.name === '.pnpm') {
        for (const store of safeList(full)) visitModules(path.join(full, store, 'node_modules'))
      } else if (entry.name.startsWith('@')) {
        for (const scoped of safeList(full)) visitPackage(path.join(full, scoped))
      } else if (!entry.name.startsWith('.')) {
        visitPackage(full)
      }
    }
  }
  const visitPackage = (dir: string): void => {
    let real: string
    try {
      real = fs.realpathSync(dir)
    } catch {
      return
    }
    if (seen.has(real) || !fs.existsSync(path.join(real, 'package.json'))) return
    seen.add(real)
    found.push(real)
    visitModules(path.join(real, 'node_modules'))
  }
  visitModules(path.join(root, 'node_modules'))
  return found
}

function safeList (dir: string): string[] {
  try {
    return fs.readdirSync(dir)
  } catch {
    return []
  }
}

/** The folder of the `express` that `require('express')` loads from `dir`, or undefined. */
function resolveExpress (dir: string): string | undefined {
  const require = createRequire(path.join(dir, 'index.js'))
  try {
    return path.dirname(require.resolve('express/package.json'))
  } catch {
    // A package whose `exports` leaves out its package.json: the folder above its main file
    // that node_modules holds.
    try {
      for (let d = path.dirname(require.resolve('express')); d !== path.dirname(d); d = path.dirname(d)) {
        if (path.basename(path.dirname(d)) === 'node_modules') return d
      }
    } catch {}
    return undefined
  }
}

/** Every `express` of the project at `root`, who loads each, and what an edition left behind. */
export function findExpresses (root: string): ExpressTree {
  root = fs.realpathSync(root)
  const relative = (dir: string): string => path.relative(root, dir).split(path.sep).join('/') || '.'
  const copies = new Map<string, ExpressCopy>()
  const missing: string[] = []
  const leftovers: string[] = []
  const editions: string[] = []
  for (const dir of [root, ...packageFolders(root)]) {
    const manifest = readManifest(dir)
    if (manifest === undefined) continue
    const label = `${manifest.name ?? relative(dir)}@${manifest.version ?? '?'}`
    if (manifest.name === EDITION_NAME && dir !== root) editions.push(dir)
    if (manifest.name === 'router' && manifest.description?.includes(EDITION_NAME) === true) {
      leftovers.push(relative(dir))
    }
    if (!declaresExpress(manifest, dir === root)) continue
    const found = resolveExpress(dir)
    if (found === undefined) {
      missing.push(label)
      continue
    }
    let copy = copies.get(found)
    if (copy === undefined) {
      const own = readManifest(found) ?? {}
      copy = { path: relative(found), name: own.name ?? '?', version: own.version ?? '?', edition: own.name === EDITION_NAME, usedBy: [] }
      copies.set(found, copy)
    }
    copy.usedBy.push(label)
  }
  for (const dir of editions) if (!copies.has(dir)) leftovers.push(relative(dir))
  for (const [dir, copy] of copies) {
    if (!copy.edition && (fs.existsSync(path.join(dir, 'dist', 'presets')) || fs.existsSync(path.join(dir, 'lib', 'node_modules')))) {
      leftovers.push(copy.path)
    }
  }
  const expresses = [...copies.values()].sort((a, b) => a.path.length - b.path.length || (a.path < b.path ? -1 : 1))
  return { root, expresses, missing, leftovers }
}

/** What a swap leaves in the tree (`edition`), or a restore (`express`). */
export type Expected = 'edition' | 'express'

/**
 * What is wrong with `tree` (after a swap or a restore, when `expected` says which): undefined
 * when nothing is.
 */
export function problemOf (tree: ExpressTree, expected?: Expected): string | undefined {
  const editions = tree.expresses.filter((copy) => copy.edition)
  const describe = (copy: ExpressCopy): string => copy.edition ? `the edition ${copy.version}` : `Express ${copy.version}`
  if (tree.leftovers.length > 0) return `files of an edition are left in the tree: ${tree.leftovers.join(', ')}`
  if (editions.length > 0 && tree.expresses.length > 1) {
    const listed = [...editions, ...tree.expresses.filter((copy) => !copy.edition)]
    return `a half-done swap: ${tree.expresses.length} expresses in the tree, ${listed.map(describe).join(', ')}`
  }
  if (expected !== undefined && tree.expresses.length === 0) return 'no express in the tree'
  if (expected === 'edition' && editions.length === 0) return 'no edition in the tree'
  if (expected === 'express' && editions.length > 0) return `an edition is still in the tree: ${editions.map((copy) => copy.path).join(', ')}`
  return undefined
}

// The project root, found from bench/ sources (run with tsx) and from their transpiled copies in dist/bench alike.
import fs from 'node:fs'
import path from 'node:path'

function findRoot (from: string): string {
  let dir = from
  for (;;) {
    const pkg = path.join(dir, 'package.json')
    if (fs.existsSync(pkg) && (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { name?: string }).name === 'ristretto') return dir
    const up = path.dirname(dir)
    if (up === dir) throw new Error(`no ristretto package.json above ${from}`)
    dir = up
  }
}

/** The folder holding Ristretto's package.json. */
export const ROOT = findRoot(__dirname)

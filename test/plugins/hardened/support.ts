// Frameworks with and without the hardened plugin, and a tree of files with traps (links out, dot folders).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import request from 'supertest'
import { createFramework, type Framework } from '../../../kernel'
import defaultPreset from '../../../presets/default'
import { hardenedPlugin, type HardenedOptions } from '../../../plugins/hardened'

/** The default preset's plugins plus the hardened plugin with `options`. */
export function hardened (options?: HardenedOptions): Framework {
  return createFramework({ plugins: [...defaultPreset.plugins, hardenedPlugin(options)] })
}

/** The default preset: Express 4's behaviour. */
export const plain: Framework = defaultPreset

/**
 * A temporary tree: `secret.txt` beside `public/`, which holds `a.txt`, `sub/` (a folder with no
 * index), `.git/config`, `.well-known/x.txt`, `inner.txt` (a link to `a.txt`, inside), `out.txt`
 * (a link to `../secret.txt`) and `outdir` (a link to the tree's top folder).
 */
export function makeTree (): { top: string, pub: string, remove: () => void } {
  const top = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-hardened-')))
  const pub = path.join(top, 'public')
  fs.mkdirSync(path.join(pub, 'sub'), { recursive: true })
  fs.mkdirSync(path.join(pub, '.git'))
  fs.mkdirSync(path.join(pub, '.well-known'))
  fs.writeFileSync(path.join(top, 'secret.txt'), 'secret')
  fs.writeFileSync(path.join(pub, 'a.txt'), 'public a')
  fs.writeFileSync(path.join(pub, '.git', 'config'), 'git config')
  fs.writeFileSync(path.join(pub, '.well-known', 'x.txt'), 'well known')
  fs.symlinkSync(path.join(pub, 'a.txt'), path.join(pub, 'inner.txt'))
  fs.symlinkSync(path.join('..', 'secret.txt'), path.join(pub, 'out.txt'))
  fs.symlinkSync(top, path.join(pub, 'outdir'))
  return { top, pub, remove: () => { fs.rmSync(top, { recursive: true, force: true }) } }
}

/** GETs `url` from `app`: the status and the body as text, whatever its type. */
export async function get (app: Parameters<typeof request>[0], url: string): Promise<{ status: number, text: string }> {
  const res = await request(app).get(url).buffer(true)
    .parse((stream, done) => { const chunks: Buffer[] = []; stream.on('data', (c: Buffer) => chunks.push(c)); stream.on('end', () => done(null, Buffer.concat(chunks).toString())) })
  return { status: res.status, text: res.body as string }
}

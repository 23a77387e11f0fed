// The files the probe's app serves: a public folder with traps (links out, dot folders, folders without an index) beside secrets.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** Every secret starts with this, so a leak is seen in any answer. */
export const SECRET_MARK = 'SECRET-'

/** Creates the tree in a new temporary folder; returns it (its real path). */
export function createTree (): string {
  const top = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-probe-')))
  const pub = path.join(top, 'public')
  const write = (file: string, text: string): void => {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, text)
  }
  write(path.join(top, 'secret.txt'), SECRET_MARK + 'top')
  write(path.join(top, 'elsewhere', 'secret.txt'), SECRET_MARK + 'elsewhere')
  write(path.join(pub, 'a.txt'), 'public file')
  write(path.join(pub, 'sub', 'deeper', 'b.txt'), 'public file')
  write(path.join(pub, 'dir', 'c.txt'), 'public file')
  write(path.join(pub, '.git', 'config'), SECRET_MARK + 'git')
  write(path.join(pub, '.env'), SECRET_MARK + 'env')
  write(path.join(pub, 'sub', '.ssh', 'id_rsa'), SECRET_MARK + 'ssh')
  write(path.join(pub, '.hidden', 'notes.txt'), SECRET_MARK + 'hidden')
  fs.symlinkSync(path.join('..', 'secret.txt'), path.join(pub, 'out.txt'))
  fs.symlinkSync(path.join(top, 'secret.txt'), path.join(pub, 'abs.txt'))
  fs.symlinkSync(top, path.join(pub, 'outdir'))
  fs.symlinkSync(path.join('..', '..', 'elsewhere'), path.join(pub, 'sub', 'up'))
  fs.symlinkSync('chain2', path.join(pub, 'chain1'))
  fs.symlinkSync(path.join('..', 'secret.txt'), path.join(pub, 'chain2'))
  fs.symlinkSync(path.join('..', '..', 'secret.txt'), path.join(pub, 'sub', 'out2.txt'))
  fs.symlinkSync(path.join(top, 'elsewhere'), path.join(pub, 'linked-dir'))
  return top
}

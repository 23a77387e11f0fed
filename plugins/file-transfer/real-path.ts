// Whether a file, its symbolic links resolved, still lies inside the root it was found in.
/// <reference types="node" preserve="true" />
import fs = require('fs')
import { isInside } from './resolve-target'

/**
 * Calls `callback(null, true)` when the real path of `file` is the real path of `root` or below
 * it, `callback(null, false)` when a symbolic link on the way leads out of it, and
 * `callback(err)` when either cannot be resolved (the file went away, say).
 */
export function checkInsideRealRoot (file: string, root: string, callback: (err: NodeJS.ErrnoException | null, inside?: boolean) => void): void {
  fs.realpath.native(root, function rootResolved (err, realRoot) {
    if (err) { callback(err); return }
    fs.realpath.native(file, function fileResolved (err, realFile) {
      if (err) { callback(err); return }
      callback(null, isInside(realFile, realRoot))
    })
  })
}

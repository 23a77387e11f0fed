// Maps a requested path to a file on disk, refusing undecodable input, NUL bytes, traversal and dotfiles.
import path from 'path'
import type { CompiledTransferOptions } from './transfer-options'

/** A `..` segment, with either kind of separator: refused whatever the platform. */
const UP_PATH_SEGMENT = /(?:^|[\\/])\.\.(?:[\\/]|$)/

/** The file to look at, or the HTTP status refusing the request. */
export type Target =
  | { readonly status: 0, readonly file: string }
  | { readonly status: 400 | 403 | 404, readonly file?: undefined }

const BAD_REQUEST: Target = { status: 400 }
const FORBIDDEN: Target = { status: 403 }
const NOT_FOUND: Target = { status: 404 }

function decode (value: string): string | null {
  try {
    return decodeURIComponent(value)
  } catch {
    return null
  }
}

/** Whether any segment (other than `.`) starts with a dot. */
function hasDotSegment (parts: readonly string[]): boolean {
  for (const part of parts) {
    if (part.length > 1 && part[0] === '.') return true
  }
  return false
}

/** Whether `file` is `root` itself or lies below it (both absolute and normalised). */
export function isInside (file: string, root: string): boolean {
  if (file === root) return true
  const prefix = root.endsWith(path.sep) ? root : root + path.sep
  return file.startsWith(prefix)
}

/**
 * Resolves `requested` (URL-encoded when `encoded`) against the options' root.
 * With a root, the path is made relative to it, may not climb above it (403) and is checked to stay
 * inside it; without one, any `..` segment is refused (403) and the path is resolved from the
 * working directory. Undecodable input and NUL bytes give 400; dotfiles follow `dotfiles`.
 */
export function resolveTarget (requested: string, encoded: boolean, options: CompiledTransferOptions): Target {
  let rel = encoded ? decode(requested) : requested
  if (rel === null || rel.includes('\0')) return BAD_REQUEST

  const root = options.root
  let parts: string[]
  let file: string
  if (root !== null) {
    if (rel) rel = path.normalize('.' + path.sep + rel)
    if (UP_PATH_SEGMENT.test(rel)) return FORBIDDEN
    parts = rel.split(path.sep)
    file = path.normalize(path.join(root, rel))
    if (!isInside(file, root)) return FORBIDDEN
  } else {
    if (UP_PATH_SEGMENT.test(rel)) return FORBIDDEN
    parts = path.normalize(rel).split(path.sep)
    file = path.resolve(rel)
  }

  if (hasDotSegment(parts)) {
    let policy = options.dotfiles
    if (policy === undefined) {
      // Unset: only a final dot segment is hidden; files inside dot folders are served.
      const last = parts[parts.length - 1]
      policy = last[0] === '.' ? (options.hidden ? 'allow' : 'ignore') : 'allow'
    }
    if (policy === 'deny') return FORBIDDEN
    if (policy !== 'allow') return NOT_FOUND
  }
  return { status: 0, file }
}

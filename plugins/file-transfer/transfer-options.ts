// The options of a file transfer, and their normalised form (computed once per call or per middleware).
import path from 'path'
import ms from 'ms'
import type { TransferDefaults } from './policy'
import { contentTypeOf } from './mime'

/** How paths with a segment starting with a dot are treated. */
export type DotfilesPolicy = 'allow' | 'deny' | 'ignore'

/** Whether a file reached through a symbolic link may lie outside the root. */
export type SymlinkPolicy = 'follow' | 'inside-root'

/** Options understood by the file-transfer engine (res.sendFile, res.download, framework.static). */
export interface TransferOptions {
  /** Advertise and honour single byte ranges. Default true. */
  acceptRanges?: boolean
  /** Send `Cache-Control` (`public, max-age=…`). Default true. */
  cacheControl?: boolean
  /**
   * `allow`, `deny` (403) or `ignore` (404). Unset: only a final segment starting with a dot is
   * ignored. Any string is accepted by the type, as by serve-static's; others throw a TypeError.
   */
  dotfiles?: DotfilesPolicy | (string & {})
  /** Send a weak `ETag` built from the file's size and modification time. Default true. */
  etag?: boolean
  /** Extensions tried, in order, when the path has none and is not found (`['html', 'htm']`). Default none. */
  extensions?: string | readonly string[] | false
  /** Add the `immutable` directive to `Cache-Control`. Default false. */
  immutable?: boolean
  /** Index file(s) served for a path ending in `/`. Default `index.html`; false disables; true is refused (a TypeError), as by serve-static. */
  index?: string | readonly string[] | boolean
  /** Send `Last-Modified` from the file's modification time. Default true. */
  lastModified?: boolean
  /** `max-age` in milliseconds, or a duration string such as `'2h'`; capped to one year. Default 0. */
  maxAge?: number | string
  /** Lower-case alias of `maxAge`, accepted as Express does. */
  maxage?: number | string
  /** Folder that relative paths are resolved in; the path may never leave it. */
  root?: string
  /**
   * `'follow'` (default in the default preset): symbolic links are followed wherever they lead.
   * `'inside-root'`: with a `root`, a file whose real path (links resolved) is outside the real
   * path of the root is refused (403).
   */
  symlinks?: SymlinkPolicy | (string & {})
  /** First byte of the file to send (before any Range applies). */
  start?: number
  /** Last byte (inclusive) of the file to send. */
  end?: number
  /** Read-stream chunk size in bytes. */
  highWaterMark?: number
  /** @deprecated use `dotfiles`: true means `allow`, false means `ignore` for a final dot segment. */
  hidden?: boolean
}

/** The normalised options the engine reads on every request. */
export interface CompiledTransferOptions {
  readonly acceptRanges: boolean
  readonly cacheControl: boolean
  readonly dotfiles: DotfilesPolicy | undefined
  readonly etag: boolean
  readonly extensions: readonly string[]
  readonly hidden: boolean
  readonly immutable: boolean
  readonly index: readonly string[]
  readonly lastModified: boolean
  /** Milliseconds, between 0 and one year. */
  readonly maxAge: number
  /** Absolute root, or null when paths are taken as they are. */
  readonly root: string | null
  readonly symlinks: SymlinkPolicy
  /** The Content-Type of a file, from its name. */
  readonly contentType: (file: string) => string
  readonly start: number
  readonly end: number | undefined
  readonly highWaterMark: number | undefined
}

/** The longest `max-age` sent: one year, in milliseconds. */
export const MAX_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000

const DOTFILES_POLICIES: ReadonlySet<unknown> = new Set(['allow', 'deny', 'ignore'])
const SYMLINK_POLICIES: ReadonlySet<unknown> = new Set(['follow', 'inside-root'])

/** Milliseconds from a number or a duration string, clamped to 0 … one year (0 when unreadable). */
export function parseMaxAge (value: unknown): number {
  const ms_ = typeof value === 'string' ? ms(value as ms.StringValue) : Number(value)
  if (typeof ms_ !== 'number' || Number.isNaN(ms_)) return 0
  return Math.min(Math.max(0, ms_), MAX_MAX_AGE_MS)
}

/** A string or list of strings as an array; false or unset gives an empty list. */
function stringList (value: unknown, name: string): string[] {
  const list: unknown[] = value ? ([] as unknown[]).concat(value) : []
  for (const item of list) {
    if (typeof item !== 'string') throw new TypeError(`${name} must be array of strings or false`)
  }
  return list as string[]
}

/**
 * Normalises transfer options, throwing a TypeError for a bad `dotfiles`, `symlinks`,
 * `extensions` or `index`. Reads inherited properties too, so `Object.create(options)` layers
 * work. `defaults` (a framework's file-transfer policy) stand in for `dotfiles` when neither it
 * nor `hidden` is set, and for `symlinks` when it is not.
 */
export function compileTransferOptions (options?: TransferOptions | null, defaults?: TransferDefaults): CompiledTransferOptions {
  const opts: TransferOptions = options || {}
  let dotfiles = opts.dotfiles as DotfilesPolicy | undefined
  if (dotfiles !== undefined && !DOTFILES_POLICIES.has(dotfiles)) {
    throw new TypeError('dotfiles option must be "allow", "deny", or "ignore"')
  }
  if (dotfiles === undefined && opts.hidden === undefined && defaults) dotfiles = defaults.dotfiles
  const symlinks = (opts.symlinks ?? defaults?.symlinks ?? 'follow') as SymlinkPolicy
  if (!SYMLINK_POLICIES.has(symlinks)) throw new TypeError('symlinks option must be "follow" or "inside-root"')
  return {
    acceptRanges: opts.acceptRanges !== undefined ? Boolean(opts.acceptRanges) : true,
    cacheControl: opts.cacheControl !== undefined ? Boolean(opts.cacheControl) : true,
    dotfiles,
    etag: opts.etag !== undefined ? Boolean(opts.etag) : true,
    extensions: opts.extensions !== undefined ? stringList(opts.extensions, 'extensions option') : [],
    hidden: Boolean(opts.hidden),
    immutable: opts.immutable !== undefined ? Boolean(opts.immutable) : false,
    index: opts.index !== undefined ? stringList(opts.index, 'index option') : ['index.html'],
    lastModified: opts.lastModified !== undefined ? Boolean(opts.lastModified) : true,
    maxAge: parseMaxAge(opts.maxAge || opts.maxage),
    root: opts.root ? path.resolve(opts.root) : null,
    symlinks,
    contentType: defaults?.contentType ?? contentTypeOf,
    start: Number(opts.start) || 0,
    end: opts.end !== undefined ? Number(opts.end) : undefined,
    highWaterMark: typeof opts.highWaterMark === 'number' && opts.highWaterMark > 0 ? opts.highWaterMark : undefined
  }
}

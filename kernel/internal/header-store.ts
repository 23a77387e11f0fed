// Response headers kept in a flat list until the head is written, then given to node in one
// `writeHead(status, [name, value, …])` call.
//
// Why: node keeps `setHeader`'s headers in a dictionary-mode object (`{ __proto__: null }`) and walks
// it with for-in when it writes the head. Given as a flat array to `writeHead` instead, the same
// headers cost less (in-process, bare node sending Express's four headers: 7.3–7.9 µs per request
// through `setHeader`, 6.4–6.8 through the array). The bytes are the same: names as set, values as
// set, in the order node would write them; node still validates and writes every line itself.
//
// The list lives on responses the framework makes (`app.listen`'s classes) or switches from node's
// own prototype while they carry no header yet. Every header method of `OutgoingMessage` is mirrored
// here; anything outside the common path (headers already sent, invalid input, `writeHead` with its
// own headers, the deprecated `_headers`/`_headerNames`, a response handed to another framework's
// app) hands the list back to node first and lets node's method answer, so errors and edge cases
// are node's own. So does a non-ASCII Content-Disposition: node's array path validates that value
// after re-encoding it, and would refuse the filename its own storage accepts.
//
// The head's encoding is node's too: latin1 before a Buffer body, UTF-8 when joined to a string
// body. `endStringAsBytes` lets a string body go out as the Buffer Express would have made of it.
import { OutgoingMessage, ServerResponse, STATUS_CODES } from 'http'

/** A header value as node accepts it. */
type HeaderValue = number | string | readonly string[]

/** `[lowercase name, name as set, value, …]`, in the order the headers were first set. */
type HeaderList = Array<string | HeaderValue>

interface StoredResponse extends ServerResponse {
  [LIST]?: HeaderList | null
  [EMPTIED]?: boolean
  [NON_ASCII_VALUE]?: boolean
  _header?: string | null
  _headerSent?: boolean
  _send?: (data: string, encoding: BufferEncoding) => boolean
  _removedConnection?: boolean
  _removedContLen?: boolean
  _removedTE?: boolean
}

const LIST = Symbol('ristretto.headerList')
/** Set when a value with a character above 0x7f was stored in the list (kept after its removal: only ever a slower path). */
const NON_ASCII_VALUE = Symbol('ristretto.nonAsciiHeaderValue')
/**
 * Set when removals emptied the list: node's storage would then be an empty object rather than
 * none, which decides how a later `writeHead(status, headers)` merges (it keeps them only then).
 */
const EMPTIED = Symbol('ristretto.headerListEmptied')

const base = ServerResponse.prototype
const nativeSetHeader = base.setHeader
const nativeGetHeader = base.getHeader
const nativeHasHeader = base.hasHeader
const nativeRemoveHeader = base.removeHeader
const nativeGetHeaders = base.getHeaders
const nativeGetHeaderNames = base.getHeaderNames
const nativeWriteHead = base.writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse
// `appendHeader` (node 18.3+) and `getRawHeaderNames` (15.13+): not mirrored where node lacks them.
const nativeAppendHeader = (base as { appendHeader?: (name: string, value: HeaderValue) => ServerResponse }).appendHeader
const nativeGetRawHeaderNames = (base as { getRawHeaderNames?: () => string[] }).getRawHeaderNames
const nativeHeadersAccessor = Object.getOwnPropertyDescriptor(OutgoingMessage.prototype, '_headers')
const nativeHeaderNamesAccessor = Object.getOwnPropertyDescriptor(OutgoingMessage.prototype, '_headerNames')

// Node's own rules (`_http_common`): a header name is an HTTP token; a value has no control character.
const TOKEN = /^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/
const INVALID_VALUE_CHAR = /[^\t\x20-\x7e\x80-\xff]/

/** Valid header names seen → their lowercase. Responses use the same few names over and over. */
const lowerNames = new Map<string, string>()
/** Bounded: names can come from input (a proxy copying headers), and a miss only costs the regexp. */
const LOWER_NAMES_LIMIT = 500

/** The lowercase of `name` when node would accept it as a header name (an HTTP token), else undefined. */
function validLower (name: unknown): string | undefined {
  if (typeof name !== 'string') return undefined
  let lower = lowerNames.get(name)
  if (lower !== undefined) return lower
  if (!TOKEN.test(name)) return undefined
  lower = name.toLowerCase()
  if (lowerNames.size < LOWER_NAMES_LIMIT) {
    lowerNames.set(name, lower)
    // Readers often ask by the lowercase name (`getHeader('content-length')`).
    lowerNames.set(lower, lower)
  }
  return lower
}

/** The lowercase of any name (not validated): from the cache when known. */
function lowerOf (name: string): string {
  return lowerNames.get(name) ?? name.toLowerCase()
}

/** String values already found valid: responses repeat theirs (types, lengths, tags), and a lookup costs a fifth of the regexp. */
const validValues = new Set<string>()
/** Bounds of that set: short values only, and a fresh start when full (values can come from input). */
const VALID_VALUES_LIMIT = 1000
const VALID_VALUE_MAX_LENGTH = 64

const NON_ASCII = /[^\x00-\x7f]/
/** What a header value is to node: refused, or accepted and all ASCII, or accepted with characters above 0x7f. */
const INVALID = 0
const ASCII = 1
const LATIN1 = 2

/** The kind of `value` as a header value (node tests its string form). Only ASCII values are remembered. */
function valueKind (value: unknown): typeof INVALID | typeof ASCII | typeof LATIN1 {
  if (typeof value === 'string') {
    if (validValues.has(value)) return ASCII
    if (INVALID_VALUE_CHAR.test(value)) return INVALID
    if (NON_ASCII.test(value)) return LATIN1
    if (value.length <= VALID_VALUE_MAX_LENGTH) {
      if (validValues.size >= VALID_VALUES_LIMIT) validValues.clear()
      validValues.add(value)
    }
    return ASCII
  }
  if (value === undefined) return INVALID
  if (typeof value === 'number') return ASCII
  if (INVALID_VALUE_CHAR.test(value as string)) return INVALID
  return NON_ASCII.test(value as string) ? LATIN1 : ASCII
}

/**
 * Whether a valid value must go to node's own storage, the list handed back first: a non-ASCII
 * Content-Disposition. Node re-encodes that one value in latin1 (when there is a Content-Length)
 * before its array path validates it, and then refuses the filename its own storage accepts.
 * Other non-ASCII values stay in the list, noted for the head's encoding.
 */
function leavesList (res: StoredResponse, lower: string, kind: number): boolean {
  if (kind !== LATIN1) return false
  if (lower === 'content-disposition') {
    releaseHeaderList(res)
    return true
  }
  res[NON_ASCII_VALUE] = true
  return false
}

/** Index of the entry whose lowercase name is `lower`, or -1. */
function find (list: HeaderList, lower: string): number {
  for (let i = 0; i < list.length; i += 3) {
    if (list[i] === lower) return i
  }
  return -1
}

/** Array-index names (`'1'`): node's object lists them first, in numeric order. */
const INDEX_NAME = /^(?:0|[1-9][0-9]{0,9})$/

/** Adds an entry where node's storage object would list it: at the end, or among the index names. */
function add (list: HeaderList, lower: string, name: string, value: HeaderValue): void {
  const c = lower.charCodeAt(0)
  if (c > 0x39 || c < 0x30 || !INDEX_NAME.test(lower) || Number(lower) >= 4294967295) {
    list.push(lower, name, value)
    return
  }
  let at = 0
  while (at < list.length && INDEX_NAME.test(list[at] as string) && Number(list[at]) < Number(lower)) at += 3
  list.splice(at, 0, lower, name, value)
}

/** The prototype level holding the mirrored methods: between a framework's `response` and node's. */
export const headerStorePrototype: object = Object.create(ServerResponse.prototype)
const proto = headerStorePrototype as Record<string, unknown>

proto.setHeader = function setHeader (this: StoredResponse, name: string, value: HeaderValue) {
  const list = this[LIST]
  const lower = validLower(name)
  const kind = valueKind(value)
  // Node's method throws the right error for a sent head or bad input, and serves responses without a list.
  if (list == null || this._header || lower === undefined || kind === INVALID || leavesList(this, lower, kind)) return nativeSetHeader.call(this, name, value)
  const i = find(list, lower)
  if (i === -1) {
    add(list, lower, name, value)
  } else {
    list[i + 1] = name
    list[i + 2] = value
  }
  return this
}

proto.getHeader = function getHeader (this: StoredResponse, name: string) {
  const list = this[LIST]
  if (list == null || typeof name !== 'string') return nativeGetHeader.call(this, name)
  const i = find(list, lowerOf(name))
  return i === -1 ? undefined : list[i + 2]
}

proto.hasHeader = function hasHeader (this: StoredResponse, name: string) {
  const list = this[LIST]
  if (list == null || typeof name !== 'string') return nativeHasHeader.call(this, name)
  return find(list, lowerOf(name)) !== -1
}

proto.removeHeader = function removeHeader (this: StoredResponse, name: string) {
  const list = this[LIST]
  if (list == null || typeof name !== 'string' || this._header) {
    nativeRemoveHeader.call(this, name)
    return
  }
  const lower = lowerOf(name)
  // As node: removing these also stops node from adding its own.
  switch (lower) {
    case 'connection': this._removedConnection = true; break
    case 'content-length': this._removedContLen = true; break
    case 'transfer-encoding': this._removedTE = true; break
    case 'date': this.sendDate = false; break
  }
  const i = find(list, lower)
  if (i !== -1) {
    list.splice(i, 3)
    if (list.length === 0) this[EMPTIED] = true
  }
}

if (nativeAppendHeader !== undefined) {
  proto.appendHeader = function appendHeader (this: StoredResponse, name: string, value: HeaderValue) {
    const list = this[LIST]
    const lower = validLower(name)
    const kind = valueKind(value)
    if (list == null || this._header || lower === undefined || kind === INVALID) return nativeAppendHeader.call(this, name, value)
    const i = find(list, lower)
    if (i === -1) return this.setHeader(name, value)
    if (leavesList(this, lower, kind)) return nativeAppendHeader.call(this, name, value)
    // As node: the value becomes a list, and later values are pushed onto it.
    let values = list[i + 2]
    if (!Array.isArray(values)) list[i + 2] = values = [values as string]
    if (Array.isArray(value)) {
      for (const v of value) (values as string[]).push(v)
    } else {
      (values as Array<string | number>).push(value as string | number)
    }
    return this
  }
}

proto.getHeaders = function getHeaders (this: StoredResponse) {
  const list = this[LIST]
  if (list == null) return nativeGetHeaders.call(this)
  const headers: Record<string, HeaderValue> = Object.create(null)
  for (let i = 0; i < list.length; i += 3) headers[list[i] as string] = list[i + 2]
  return headers
}

/** One field of every entry: 0 the lowercase names, 1 the names as set. */
function namesOf (list: HeaderList, field: 0 | 1): string[] {
  const names: string[] = []
  for (let i = field; i < list.length; i += 3) names.push(list[i] as string)
  return names
}

proto.getHeaderNames = function getHeaderNames (this: StoredResponse) {
  const list = this[LIST]
  return list == null ? nativeGetHeaderNames.call(this) : namesOf(list, 0)
}

if (nativeGetRawHeaderNames !== undefined) {
  proto.getRawHeaderNames = function getRawHeaderNames (this: StoredResponse) {
    const list = this[LIST]
    return list == null ? nativeGetRawHeaderNames.call(this) : namesOf(list, 1)
  }
}

proto.writeHead = function writeHead (this: StoredResponse, statusCode: number, reason?: unknown, obj?: unknown) {
  const result = writeHeadOnce(this, statusCode, reason, obj, arguments)
  // A string body ended by endStringAsBytes: its head goes out first, in latin1, as before a Buffer body.
  if (bytesLikeEnd === this && this._header && !this._headerSent && headHasNonAscii(this)) this._send!('', 'latin1')
  return result
}

function writeHeadOnce (res: StoredResponse, statusCode: number, reason: unknown, obj: unknown, args: IArguments): ServerResponse {
  const list = res[LIST]
  if (list == null || res._header) return nativeWriteHead.apply(res, args as unknown as unknown[])
  // Headers given here merge with the set ones by node's rules: node does it.
  if (typeof reason === 'string' ? obj : (obj ?? reason)) {
    releaseHeaderList(res)
    return nativeWriteHead.apply(res, args as unknown as unknown[])
  }
  const flat = new Array<string | HeaderValue>((list.length / 3) * 2)
  for (let i = 0, j = 0; i < list.length; i += 3) {
    flat[j++] = list[i + 1]
    flat[j++] = list[i + 2]
  }
  return typeof reason === 'string'
    ? nativeWriteHead.call(res, statusCode, reason, flat)
    : nativeWriteHead.call(res, statusCode, flat)
}

/** Whether the head just stored has a character above 0x7f (a header value or the status message). */
function headHasNonAscii (res: StoredResponse): boolean {
  // Without the list, node stored the headers: read the head itself (rare, and not cheap).
  if (res[LIST] == null) return NON_ASCII.test(res._header!)
  if (res[NON_ASCII_VALUE] === true) return true
  const message = res.statusMessage
  return message !== STATUS_CODES[res.statusCode] && NON_ASCII.test(message)
}

/** The response being ended by {@link endStringAsBytes}, while its `end` runs. */
let bytesLikeEnd: object | undefined

/**
 * Ends `res` with a string body so that the bytes on the wire are those of `res.end(Buffer.from(body))`
 * without making the Buffer. They differ only when the head has a character above 0x7f (a
 * non-ASCII filename in Content-Disposition, say): node writes a head in latin1 before a Buffer
 * body, but joins it to a string body and writes both in UTF-8. Express 4 sends its bodies as
 * Buffers whenever it makes an ETag; this sends the head the same way.
 */
export function endStringAsBytes (res: ServerResponse, body: string): void {
  // Only this level's writeHead knows to send the head first: elsewhere, the Buffer itself.
  if (!usesHeaderList(Object.getPrototypeOf(res))) {
    res.end(Buffer.from(body, 'utf8'))
    return
  }
  bytesLikeEnd = res
  try {
    res.end(body, 'utf8')
  } finally {
    bytesLikeEnd = undefined
  }
}

// The deprecated accessors reach node's storage directly: they get the list handed back first.
if (nativeHeadersAccessor !== undefined) {
  Object.defineProperty(proto, '_headers', {
    configurable: true,
    get (this: StoredResponse) { return nativeHeadersAccessor.get!.call(this) },
    set (this: StoredResponse, value: unknown) {
      // Node's setter replaces every header.
      if (this[LIST] != null) this[LIST] = null
      nativeHeadersAccessor.set!.call(this, value)
    }
  })
}
if (nativeHeaderNamesAccessor !== undefined) {
  Object.defineProperty(proto, '_headerNames', {
    configurable: true,
    get (this: StoredResponse) {
      releaseHeaderList(this)
      return nativeHeaderNamesAccessor.get!.call(this)
    },
    set (this: StoredResponse, value: unknown) {
      releaseHeaderList(this)
      nativeHeaderNamesAccessor.set!.call(this, value)
    }
  })
}

/** Whether `prototype`'s chain has the mirrored methods (a prototype of this kernel's frameworks). */
export function usesHeaderList (prototype: object | null): boolean {
  return prototype !== null && (prototype as { setHeader?: unknown }).setHeader === proto.setHeader
}

/** Gives `res` a header list; its headers then go to node at `writeHead`. Only for a response with no header yet. */
export function attachHeaderList (res: object): void {
  (res as StoredResponse)[LIST] = []
}

/**
 * Hands the list's headers to node's own storage and stops using the list, before `res` goes
 * where the mirrored methods are not (a foreign app's prototype). After the head was written node
 * takes no header: the list then stays, for this kernel's methods to read.
 */
export function releaseHeaderList (res: object): void {
  const r = res as StoredResponse
  const list = r[LIST]
  if (list == null || r._header) return
  r[LIST] = null
  for (let i = 0; i < list.length; i += 3) nativeSetHeader.call(r, list[i + 1] as string, list[i + 2] as HeaderValue)
  if (list.length === 0 && r[EMPTIED] === true) {
    // An empty storage object, as node's after its last header was removed.
    nativeSetHeader.call(r, 'x', '')
    nativeRemoveHeader.call(r, 'x')
  }
}

/** Whether a response without a list could take one: still on node's own prototype data, no header set. */
export function canAttachHeaderList (res: object): boolean {
  const r = res as StoredResponse
  return r[LIST] === undefined && !r._header && nativeGetHeaderNames.call(r).length === 0
}

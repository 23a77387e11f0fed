// Writes a byte range of a file to a response, chunk by chunk, reusing the chunks' buffers.
//
// Why not `fs.createReadStream(file).pipe(res)`: a read stream allocates a new Buffer for every
// chunk (64 KB by default), outside V8's heap. Under load those allocations come from fresh pages
// (page faults, zeroing, cold caches when the kernel copies them into the socket) and drive V8's
// major GCs by their external size. A reused buffer is already mapped and warm, and adds nothing
// to that external size.
//
// A buffer goes back to the pool only when the response's write callback says the bytes were
// handed on, and only when `res.write`/`res.end` are node's own: a wrapper (compression, a
// middleware collecting the body) may keep the chunk it was given, so it gets a buffer of its own,
// as a read stream would give it.
/// <reference types="node" preserve="true" />
import fs from 'fs'
import type { ServerResponse } from 'http'
import { nativeWrite, nativeEnd } from './native-output'

/** Chunk size when the options name none: a read stream's default. */
export const DEFAULT_CHUNK_SIZE = 64 * 1024
/** Free buffers of the default size kept between transfers (2 MB at most). */
const POOL_LIMIT = 32
const pool: Buffer[] = []

/** What the body's end reports: the bytes were all handed to the response, or reading failed. */
export interface FileBodyListeners {
  /** Opening or reading the file failed (nothing more is written). */
  error (err: NodeJS.ErrnoException): void
  /** The last chunk was given to `res.end`. */
  end (): void
}

/** A buffer of the default chunk size: from the pool when it has one. */
function takeBuffer (): Buffer {
  return pool.pop() ?? Buffer.allocUnsafeSlow(DEFAULT_CHUNK_SIZE)
}

function returnBuffer (buf: Buffer): void {
  if (pool.length < POOL_LIMIT) pool.push(buf)
}

/** Whether chunks written to `res` are only read by node itself (so their buffers may be reused once written). */
function writesOnlyToNode (res: ServerResponse): boolean {
  return res.write === nativeWrite && res.end === nativeEnd
}

/**
 * Writes bytes `start` to `end` (inclusive) of `file` to `res` and ends it, reading `chunkSize`
 * bytes at a time and waiting for `drain` when the response asks to. `abort()` (the response is
 * over: the client left) stops it and closes the file once no read is in flight. A file shorter
 * than the range ends the response early, as a read stream would.
 */
export function writeFileBody (
  res: ServerResponse,
  file: string,
  start: number,
  end: number,
  chunkSize: number,
  listeners: FileBodyListeners
): { abort: () => void } {
  // Only default-size buffers are pooled; other sizes are made per chunk, as a read stream makes them.
  const pooled = chunkSize === DEFAULT_CHUNK_SIZE && writesOnlyToNode(res)
  let position = start
  let fd: number | undefined
  let reading = false
  let stopped = false
  let closed = false

  function close (): void {
    if (closed || fd === undefined || reading) return
    closed = true
    fs.close(fd, ignoreCloseError)
  }

  function stop (): void {
    stopped = true
    res.removeListener('drain', readNext)
    close()
  }

  function fail (err: NodeJS.ErrnoException): void {
    if (stopped) return
    stop()
    listeners.error(err)
  }

  function readNext (): void {
    if (stopped) return
    const wanted = Math.min(chunkSize, end - position + 1)
    const buf = pooled ? takeBuffer() : Buffer.allocUnsafeSlow(wanted)
    reading = true
    fs.read(fd!, buf, 0, wanted, position, function onRead (err, bytesRead) {
      reading = false
      if (stopped) {
        if (pooled) returnBuffer(buf)
        close()
        return
      }
      if (err) { fail(err); return }
      position += bytesRead
      const last = bytesRead === 0 || position > end
      const chunk = bytesRead === buf.length ? buf : buf.subarray(0, bytesRead)
      const release = pooled ? function chunkWritten () { returnBuffer(buf) } : undefined
      if (last) {
        stop()
        // write + end, as a pipe does: node's `end(buffer)` writes a head with a non-ASCII value
        // (a Content-Disposition filename) in another encoding than `write(buffer)` does.
        if (bytesRead !== 0) res.write(chunk, release)
        else if (pooled) returnBuffer(buf)
        res.end()
        listeners.end()
        return
      }
      if (res.write(chunk, release)) readNext()
      else res.once('drain', readNext)
    })
  }

  fs.open(file, 'r', function onOpen (err, opened) {
    if (err) { fail(err); return }
    fd = opened
    if (stopped) { close(); return }
    readNext()
  })

  return { abort: stop }
}

function ignoreCloseError (): void {}

// Shared helpers of the file-transfer and static tests: fixture paths, big files, open-descriptor checks.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export const FIXTURES = path.join(__dirname, '..', '..', 'fixtures', 'file-transfer')
export const STATIC_FIXTURES = path.join(__dirname, '..', '..', 'fixtures', 'static')

/** A sparse file of `size` bytes in a fresh temporary folder (removed by the returned cleanup). */
export function bigFile (size = 64 * 1024 * 1024): { dir: string, file: string, cleanup (): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-ft-'))
  const file = path.join(dir, 'big.bin')
  const fd = fs.openSync(file, 'w')
  fs.ftruncateSync(fd, size)
  fs.closeSync(fd)
  return { dir, file, cleanup () { fs.rmSync(dir, { recursive: true, force: true }) } }
}

/** Whether this platform lets a process list its open descriptors. */
export const CAN_LIST_FDS = fs.existsSync('/proc/self/fd')

/** How many of this process's descriptors point at `file`. */
export function openDescriptorsOf (file: string): number {
  let count = 0
  for (const fd of fs.readdirSync('/proc/self/fd')) {
    try {
      if (fs.readlinkSync(path.join('/proc/self/fd', fd)) === file) count++
    } catch {
      // the descriptor closed while listing
    }
  }
  return count
}

/**
 * Polls `check` every 10 ms until it returns true (descriptors and callbacks settle after the
 * response); resolves with true then. A check that never passes is a hang the runner reports.
 */
export async function eventually (check: () => boolean): Promise<boolean> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10))
  return true
}

/** A callback and a promise of the value it is first called with. */
export function called<T = void> (): { call (value: T): void, promise: Promise<T> } {
  let call!: (value: T) => void
  const promise = new Promise<T>((resolve) => { call = resolve })
  return { call, promise }
}

/**
 * Requests `urlPath` from `server`, waits for the first body chunk, then destroys the connection
 * (a client leaving mid-transfer). Resolves once the socket is closed.
 */
export function abortAfterFirstChunk (server: http.Server, urlPath: string): Promise<void> {
  const { port } = server.address() as AddressInfo
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath }, (res) => {
      res.once('data', () => {
        req.destroy()
        resolve()
      })
    })
    req.on('error', (err: NodeJS.ErrnoException) => { if (err.code !== 'ECONNRESET') reject(err) })
  })
}

/** Starts `handler` on an ephemeral port. */
export function listen (handler: http.RequestListener): Promise<http.Server> {
  return new Promise((resolve) => {
    const server = http.createServer(handler)
    server.listen(0, '127.0.0.1', () => resolve(server))
  })
}

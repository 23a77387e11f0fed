// Helpers for the graceful-shutdown tests: a framework with the plugin, real listening servers, a raw HTTP client.
import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { createFramework } from '../../../kernel'
import express from '../../../presets/default'
import { gracefulShutdownPlugin, type GracefulShutdownOptions } from '../../../plugins/graceful-shutdown'

/** The default preset plus the plugin. */
export function frameworkWith (options?: GracefulShutdownOptions) {
  return createFramework({ plugins: [express.plugins, gracefulShutdownPlugin(options)] })
}

/** Resolves once `server` listens, with its port. */
export function portOf (server: net.Server): Promise<number> {
  if (server.listening) return Promise.resolve((server.address() as AddressInfo).port)
  return new Promise((resolve) => server.once('listening', () => resolve((server.address() as AddressInfo).port)))
}

export interface Reply { status: number, headers: http.IncomingHttpHeaders, body: string, socket: net.Socket }

/** A GET through `agent`; resolves with the whole reply. */
export function get (port: number, path: string, agent: http.Agent | false): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.get({ port, path, agent, host: '127.0.0.1' }, (res) => {
      let body = ''
      const socket = res.socket
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => { body += chunk })
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body, socket }))
    })
    req.on('error', reject)
  })
}

/**
 * Resolves when `socket` closes. A ref'd interval keeps the event loop alive meanwhile: an idle
 * keep-alive socket of an `http.Agent` is unref'd and would not.
 */
export function closed (socket: net.Socket): Promise<void> {
  if (socket.destroyed) return Promise.resolve()
  return new Promise((resolve) => {
    const keepAlive = setInterval(() => {}, 60_000)
    socket.once('close', () => { clearInterval(keepAlive); resolve() })
  })
}

/** A raw TCP connection collecting everything the server sends until it closes the connection. */
export function rawConnection (port: number) {
  const socket = net.connect(port, '127.0.0.1')
  let received = ''
  const waiters: Array<{ test: (s: string) => boolean, resolve: () => void }> = []
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => {
    received += chunk
    for (const w of waiters.slice()) {
      if (w.test(received)) { waiters.splice(waiters.indexOf(w), 1); w.resolve() }
    }
  })
  const ended = new Promise<string>((resolve) => socket.on('close', () => resolve(received)))
  return {
    socket,
    send (text: string): void { socket.write(text) },
    /** Resolves when what was received so far contains `text`. */
    until (text: string): Promise<void> {
      if (received.includes(text)) return Promise.resolve()
      return new Promise((resolve) => waiters.push({ test: (s) => s.includes(text), resolve }))
    },
    /** Everything received, once the server closed the connection. */
    ended
  }
}

/** A promise and the function that resolves it. */
export function deferred (): { promise: Promise<void>, resolve: () => void } {
  let resolve!: () => void
  const promise = new Promise<void>((r) => { resolve = r })
  return { promise, resolve }
}

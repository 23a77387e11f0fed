// The advisory suite's targets (the fixed Express 4 and 5 and each Ristretto preset), the vulnerable
// packages each advisory's input is first shown firing on, and a request helper over raw sockets.
import path from 'node:path'
import express4 from 'express'
import express5 from 'express-5'
import defaultPreset from '../../presets/default'
import express5Preset from '../../presets/express5'
import minimalPreset from '../../presets/minimal'
import modernPreset from '../../presets/modern'
import { HARDENED_OPTIONS } from '../../plugins/hardened'
import { isolatedPackages } from '../../bench/lib/isolated-packages'
import { rawRequest, sendOne, startServer, type RawResponse } from '../reliability/support'

/* eslint-disable @typescript-eslint/no-explicit-any -- frameworks of several kinds (Express's and Ristretto's) are driven alike */

/** A framework as the suite drives it: called for an app, with Express's members (`json`, `static`, `Router`, …) where it has them. */
export type AnyFramework = ((...args: any[]) => any) & Record<string, any>

export type TargetName = 'express@4' | 'express@5' | 'default' | 'express5' | 'minimal' | 'modern'

export interface Target {
  name: TargetName
  framework: AnyFramework
  /** The Express line whose behaviour it has: routes, query parser and parsers follow it. */
  line: 4 | 5
  /** The real Express (the reference), not a Ristretto preset. */
  reference: boolean
  /** The file `require` loads it from, for checks that run in a process of their own. */
  module: string
}

/** Every target, in the table's column order. */
export const TARGETS: readonly Target[] = [
  { name: 'express@4', framework: express4 as unknown as AnyFramework, line: 4, reference: true, module: require.resolve('express') },
  { name: 'express@5', framework: express5 as unknown as AnyFramework, line: 5, reference: true, module: require.resolve('express-5') },
  { name: 'default', framework: defaultPreset as unknown as AnyFramework, line: 4, reference: false, module: require.resolve('../../presets/default') },
  { name: 'express5', framework: express5Preset as unknown as AnyFramework, line: 5, reference: false, module: require.resolve('../../presets/express5') },
  { name: 'minimal', framework: minimalPreset as unknown as AnyFramework, line: 4, reference: false, module: require.resolve('../../presets/minimal') },
  { name: 'modern', framework: modernPreset as unknown as AnyFramework, line: 4, reference: false, module: require.resolve('../../presets/modern') }
]

/** The folder of the vulnerable package set (its package.json names each package by an npm alias). */
export const VULNERABLE_DIR = path.join(__dirname, 'vulnerable')

/**
 * A package of the vulnerable set, by its alias (`express-4-19-1`, `path-to-regexp-8-3-0`, …);
 * the set is installed from its lock file on first use.
 */
export function vulnerable<T = any> (alias: string): T {
  const set = isolatedPackages(VULNERABLE_DIR)
  return require(set.resolve(alias)) as T
}

/** Serves `app` on a local port for the length of `run`. */
export async function withServer<T> (app: any, run: (port: number) => Promise<T>): Promise<T> {
  const server = await startServer(app)
  try {
    return await run(server.port)
  } finally {
    await server.close()
  }
}

/** What a test reads of one answer. */
export interface Answer {
  status: number
  headers: Record<string, string | string[]>
  /** One header, repeated values joined with `, ` (Set-Cookie kept apart with ` | `). */
  header (name: string): string | undefined
  text: string
}

function answerOf (res: RawResponse): Answer {
  return {
    status: res.statusCode,
    headers: res.headers,
    header (name) {
      const value = res.headers[name.toLowerCase()]
      return Array.isArray(value) ? value.join(name.toLowerCase() === 'set-cookie' ? ' | ' : ', ') : value
    },
    text: res.body.toString('latin1')
  }
}

/**
 * Sends one request to `app` over a raw socket, the target and headers exactly as written
 * (no client normalises `\`, `..` or `%`), and returns its answer.
 */
export async function send (app: any, method: string, target: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<Answer> {
  return await withServer(app, async (port) => answerOf(await sendOne(port, rawRequest(method, target, headers, body))))
}

/** `?name=value&…` with each value percent-encoded as a browser's form would. */
export function query (params: Record<string, string>): string {
  return '?' + Object.entries(params).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')
}

/**
 * Whether the hardened plugin has `option` yet: a check that needs it is a to-do (shown as such,
 * with the option's name) until it does, and a plain assertion from then on.
 */
export function hardenedHas (option: string): boolean {
  return HARDENED_OPTIONS.options.some((o) => o.name === option)
}

/** The node:test option that marks a modern-preset check waiting for a hardened option. */
export function pendingUnless (option: string): { todo?: string } {
  return hardenedHas(option) ? {} : { todo: `pending hardened option ${option}` }
}

/**
 * The target's framework, or why an input cannot reach it: the minimal preset is the kernel
 * alone (apps, routing, the final handler), without `what` (`res.cookie`, `req.query`, …).
 */
export function withHelpers (target: Target, what: string): AnyFramework | { na: string } {
  return target.name === 'minimal' ? { na: `no ${what}` } : target.framework
}

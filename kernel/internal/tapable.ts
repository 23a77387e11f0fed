// The four tapable hook classes the kernel uses, loaded from their own files: tapable's index loads
// all twelve (with their code factories), which costs startup time for nothing.
import type * as Tapable from 'tapable'
/* eslint-disable @typescript-eslint/no-require-imports -- deep files of a CommonJS package */
export const SyncHook: typeof Tapable.SyncHook = require('tapable/lib/SyncHook')
export const SyncBailHook: typeof Tapable.SyncBailHook = require('tapable/lib/SyncBailHook')
export const SyncWaterfallHook: typeof Tapable.SyncWaterfallHook = require('tapable/lib/SyncWaterfallHook')
export const HookMap: typeof Tapable.HookMap = require('tapable/lib/HookMap')
export type SyncHook<T, R = void> = Tapable.SyncHook<T, R>
export type SyncBailHook<T, R> = Tapable.SyncBailHook<T, R>
export type SyncWaterfallHook<T> = Tapable.SyncWaterfallHook<T>
export type HookMap<H> = Tapable.HookMap<H>

// raw-body (with iconv-lite) and zlib, required on first use: an app that never reads a body, or
// never an encoded one, does not load them, and they stay out of every app's startup.
/// <reference types="node" preserve="true" />
import type getRawBody = require('raw-body')

type Iconv = typeof import('iconv-lite')
type Zlib = typeof import('zlib')

let rawBody: typeof getRawBody | undefined
let iconv: Iconv | undefined
let zlib: Zlib | undefined

/* eslint-disable @typescript-eslint/no-require-imports */
/** raw-body, required the first time a body is read (it requires iconv-lite itself). */
export function loadRawBody (): typeof getRawBody {
  return rawBody ??= require('raw-body') as typeof getRawBody
}

/** iconv-lite, required the first time a charset other than UTF-8 is checked or decoded. */
export function loadIconv (): Iconv {
  return iconv ??= require('iconv-lite') as Iconv
}

/** node:zlib, required the first time an encoded body is inflated. */
export function loadZlib (): Zlib {
  return zlib ??= require('zlib') as Zlib
}
/* eslint-enable @typescript-eslint/no-require-imports */

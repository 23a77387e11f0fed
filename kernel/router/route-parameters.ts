// The `req.params` type of an Express 4 path string, read from the path at compile time.
import type { ParamsDictionary } from '../types'

/** The characters of a parameter name: `:name` takes as many word characters as follow the colon. */
type NameChar =
  | 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l' | 'm'
  | 'n' | 'o' | 'p' | 'q' | 'r' | 's' | 't' | 'u' | 'v' | 'w' | 'x' | 'y' | 'z'
  | 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H' | 'I' | 'J' | 'K' | 'L' | 'M'
  | 'N' | 'O' | 'P' | 'Q' | 'R' | 'S' | 'T' | 'U' | 'V' | 'W' | 'X' | 'Y' | 'Z'
  | '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '_'

/** `[name, rest]`: the word characters at the start of `S`, and what follows them. */
type SplitName<S extends string, Name extends string = ''> =
  S extends `${infer C}${infer Rest}`
    ? C extends NameChar ? SplitName<Rest, `${Name}${C}`> : [Name, S]
    : [Name, S]

/** `S` without a leading `(pattern)`: a parameter's own pattern ends at the first `)`, as the matcher reads it. */
type SkipPattern<S extends string> = S extends `(${string})${infer Rest}` ? Rest : S

/** Whether `S` holds a capture without a name: a `*`, or a group `(...)` that does not open with `?`. */
type HasUnnamedCapture<S extends string> =
  S extends `${string}*${string}` ? true
    : S extends `${string}(${infer After}`
      ? After extends `?${string}` ? HasUnnamedCapture<After> : true
      : false

/** Walks the path: named parameters into `Named` (`true` when optional), and whether numbered captures exist. */
type ParseParams<S extends string, Named extends Record<string, boolean> = {}, Numbered extends boolean = false> =
  S extends `${infer Before}:${infer After}`
    ? SplitName<After> extends [infer Name extends string, infer Rest extends string]
      ? Name extends ''
        // A colon without a name is plain text.
        ? ParseParams<After, Named, Numbered extends true ? true : HasUnnamedCapture<Before>>
        : ParseAfterName<SkipPattern<Rest>, Named, Name, Numbered extends true ? true : HasUnnamedCapture<Before>>
      : never
    : { named: Named, numbered: Numbered extends true ? true : HasUnnamedCapture<S> }

/** After `:name(pattern)`: a `*` adds a numbered capture, a `?` makes the parameter optional. */
type ParseAfterName<S extends string, Named extends Record<string, boolean>, Name extends string, Numbered extends boolean> =
  S extends `*${infer Rest}`
    ? ParseOptional<Rest, Named, Name, true>
    : ParseOptional<S, Named, Name, Numbered>

type ParseOptional<S extends string, Named extends Record<string, boolean>, Name extends string, Numbered extends boolean> =
  S extends `?${infer Rest}`
    ? ParseParams<Rest, Named & { [K in Name]: true }, Numbered>
    : ParseParams<S, Named & { [K in Name]: false }, Numbered>

/** The params object for parsed names: optional ones may be `undefined` (the key is still there). */
type ParamsObject<Named extends Record<string, boolean>, Numbered extends boolean> =
  { [K in keyof Named]: Named[K] extends false ? string : string | undefined } &
  (Numbered extends true ? { [index: number]: string } : {})

/** Flattens an intersection into one object type, so editors show `{ id: string }`. */
type Flatten<T> = { [K in keyof T]: T[K] }

/**
 * The type of `req.params` for an Express 4 path string: `:name` gives `name: string`,
 * `:name?` gives `name: string | undefined`, `:name(\\d+)` and `:name*` are named too, and
 * unnamed captures (`*`, `(a|b)`) give numbered keys (`req.params[0]`). A path that is not a
 * literal type (a `string` variable) gives {@link ParamsDictionary}.
 *
 * @example
 * type P = RouteParameters<'/users/:id/:format?'> // { id: string; format: string | undefined }
 * type W = RouteParameters<'/files/*'> // { [index: number]: string }
 */
export type RouteParameters<Path extends string> =
  string extends Path
    ? ParamsDictionary
    : Path extends string
      ? ParseParams<Path> extends { named: infer Named extends Record<string, boolean>, numbered: infer Numbered extends boolean }
        ? Flatten<ParamsObject<Named, Numbered>>
        : ParamsDictionary
      : never

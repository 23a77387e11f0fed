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

/** What the walk collects: names of required and optional parameters, and whether numbered captures exist. */
interface Found {
  required: string
  optional: string
  numbered: boolean
}

type AddCaptures<F extends Found, Text extends string> =
  { required: F['required'], optional: F['optional'], numbered: F['numbered'] extends true ? true : HasUnnamedCapture<Text> }

/** Walks the path from one `:` to the next. */
type Walk<S extends string, F extends Found> =
  S extends `${infer Before}:${infer After}`
    ? SplitName<After> extends [infer Name extends string, infer Rest extends string]
      ? Name extends ''
        // A colon without a name is plain text.
        ? Walk<After, AddCaptures<F, Before>>
        : AfterName<SkipPattern<Rest>, AddCaptures<F, Before>, Name>
      : never
    : AddCaptures<F, S>

/** After `:name(pattern)`: a `*` adds a numbered capture, then a `?` makes the parameter optional. */
type AfterName<S extends string, F extends Found, Name extends string> =
  S extends `*${infer Rest}`
    ? Optional<Rest, { required: F['required'], optional: F['optional'], numbered: true }, Name>
    : Optional<S, F, Name>

type Optional<S extends string, F extends Found, Name extends string> =
  S extends `?${infer Rest}`
    ? Walk<Rest, { required: F['required'], optional: F['optional'] | Name, numbered: F['numbered'] }>
    : Walk<S, { required: F['required'] | Name, optional: F['optional'], numbered: F['numbered'] }>

/**
 * The type of `req.params` for an Express 4 path string: `:name` gives `name: string`,
 * `:name?` gives `name?: string`, `:name*` is named too, and unnamed `*` captures give numbered
 * keys (`req.params[0]`). A path that is not a literal type (a `string` variable), or that holds
 * a parenthesised pattern, gives {@link ParamsDictionary}, as `@types/express` reads it.
 *
 * @example
 * type P = RouteParameters<'/users/:id/:format?'> // { id: string; format?: string }
 * type W = RouteParameters<'/files/*'> // { [index: number]: string }
 */
export type RouteParameters<Path extends string> =
  string extends Path
    ? ParamsDictionary
    : Path extends `${string}(${string}`
      ? ParamsDictionary
      : Path extends string
        ? Walk<Path, { required: never, optional: never, numbered: false }> extends infer F extends Found
          // One object type: the required names (and numbered captures), and the optional ones.
          ? { [K in F['required'] | (F['numbered'] extends true ? number : never)]: string } & { [K in F['optional']]?: string } extends infer Both
            ? { [K in keyof Both]: Both[K] }
            : never
          : never
        : never

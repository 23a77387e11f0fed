#!/usr/bin/env node
// The `ristretto-express` command (`ristretto` in the ristretto package): puts one of Ristretto's
// editions in place of every `express` of a project's tree, puts Express back, and checks which
// `express` each package of the tree loads.
import path from 'node:path'
import { parseArgs } from 'node:util'
import { findExpresses, problemOf, type ExpressTree, type Expected } from './tree'
import { UsageError, projectRoot, restore, swap } from './project'

/** The name the command runs under: `ristretto` from the ristretto package, else `ristretto-express`. */
const NAME = path.basename(process.argv[1] ?? '') === 'ristretto' ? 'ristretto' : 'ristretto-express'

const HELP = `Usage: ${NAME} <command> [options]

Commands:
  check               lists each express of the project's tree and the packages that load it;
                      exits with 1 when the tree holds an edition and another express (a
                      half-done swap), or files an edition left behind
  swap [4|5|TARBALL]  makes the edition every express of the tree: the one named (the edition
                      of Express 4 or 5 from the registry, or a tarball), else the project's own
                      express, which must be an edition; sets "overrides": { "express":
                      "$express" } in package.json, drops the lockfile's copies of express and
                      runs npm install, then checks
  restore [VERSION]   puts Express back: npm install express@VERSION (by default the newest of
                      the edition's line) with the lockfile's edition copies dropped, then checks

Options:
  --json              check: prints what it found as JSON
  -h, --help          prints this help

Run it in the project (or a folder in it); swap and restore need npm's lockfile or none.`

/** The tree as lines of text: each express, its version and who loads it, then the verdict. */
function describe (tree: ExpressTree, problem: string | undefined): string {
  const lines = [`express in ${tree.root}:`]
  if (tree.expresses.length === 0) lines.push('  none')
  for (const copy of tree.expresses) {
    lines.push(`  ${copy.path}  ${copy.name} ${copy.version}${copy.edition ? ` (Ristretto's Express ${copy.version.split('.')[0]} edition)` : ''}`)
    lines.push(`      loaded by ${copy.usedBy.join(', ')}`)
  }
  if (tree.missing.length > 0) lines.push(`  not found by ${tree.missing.join(', ')}`)
  if (problem !== undefined) {
    lines.push(`\n${problem}.`, `Run \`${NAME} swap\` to make the edition every express of the tree, or \`${NAME} restore\` to put Express back.`)
  } else if (tree.expresses.length === 1) {
    const [only] = tree.expresses
    lines.push(`\nOne express in the tree: ${only.edition ? `the edition ${only.version}` : `Express ${only.version}`}.`)
  } else if (tree.expresses.length > 1) {
    lines.push(`\n${tree.expresses.length} expresses in the tree, none of them an edition.`)
  }
  return lines.join('\n')
}

/** Checks the tree of the project at `root` (holding `expected` after a swap or a restore), prints it; 0 when all is well, 1 when not. */
function check (root: string, json: boolean, expected?: Expected): number {
  const tree = findExpresses(root)
  const problem = problemOf(tree, expected)
  if (json) {
    process.stdout.write(JSON.stringify({ ...tree, ok: problem === undefined, problem }, null, 2) + '\n')
  } else {
    process.stdout.write(describe(tree, problem) + '\n')
  }
  return problem === undefined ? 0 : 1
}

function main (argv: string[]): number {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } })
  const [command, arg, ...rest] = positionals
  if (values.help === true || command === undefined || command === 'help') {
    process.stdout.write(HELP + '\n')
    return command === undefined && values.help !== true ? 2 : 0
  }
  if (!['check', 'swap', 'restore'].includes(command)) throw new UsageError(`unknown command ${command} (check, swap, restore; --help)`)
  if (rest.length > 0 || (command === 'check' && arg !== undefined)) throw new UsageError(`too many arguments: ${positionals.join(' ')}`)
  const root = projectRoot(process.cwd())
  if (command === 'check') return check(root, values.json === true)
  const status = command === 'swap' ? swap(root, arg, process.cwd()) : restore(root, arg)
  return status !== 0 ? status : check(root, false, command === 'swap' ? 'edition' : 'express')
}

try {
  process.exitCode = main(process.argv.slice(2))
} catch (err) {
  if (!(err instanceof UsageError) && !(err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))) throw err
  process.stderr.write(`${NAME}: ${err.message}\n`)
  process.exitCode = 2
}

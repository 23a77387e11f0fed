// Compile-time assertions for the type tests: `expectType<Exact>()(value)` fails to compile unless the types are identical.

/** True when `A` and `B` are the same type (not merely assignable either way). */
export type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false

/** Fails to compile unless `value`'s type is exactly `Expected`. */
export function expectType<Expected> () {
  return function check<Actual> (value: Actual, ...proof: Equals<Actual, Expected> extends true ? [] : [never]): void {
    void value
    void proof
  }
}

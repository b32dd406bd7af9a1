// What the front end's modules assume of their surroundings, for `npm run typecheck`
// (types only; the contract with Python is in types.d.ts).

/** esbuild bundles the stylesheets the modules import for their side effect. */
declare module "*.css";

/** The HTML standard takes any handle (null means 0, which no timer has); lib.dom's
 * declaration lists only number and undefined. */
declare function clearTimeout(id: ReturnType<typeof setTimeout> | null | undefined): void;

import path from 'node:path';
import type { Plugin } from 'vite';

/** A Mantine core component's class map, e.g. `…/components/Button/Button.module.css.mjs`. */
const classMap = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.css\.mjs$/;

/**
 * issue 13 "Mantine styles only for the components used": `@mantine/core/styles.css` is 201 kB
 * (30 kB gzip) of render-blocking CSS, mostly for components a public page never shows. Every
 * component's class map (`Button.module.css.mjs`) gets an import of that component's own
 * stylesheet (`@mantine/core/styles/Button.layer.css`), so the CSS travels with the JS that uses
 * it: the shell's chunk carries the shell's components, a lazy route brings its own, and a new
 * route needs nothing done. A component's dependencies are imported first by its own module
 * (Button imports UnstyledButton), which keeps Mantine's required order.
 *
 * The `.layer.css` files put Mantine in `@layer mantine`: stylesheets now arrive in the order the
 * routes are visited, and a layer keeps every unlayered stylesheet (ours, and the dates,
 * dropzone and notifications packages, which must come after core) above core whatever order
 * they load in. Mantine's global files (baseline, variables, global) stay in providers.tsx.
 *
 * The dev server pre-bundles `@mantine/core` into one file, so there the whole
 * `styles.layer.css` is added to `devEntry` instead.
 */
export function mantineComponentStyles(devEntry: string): Plugin {
  let build = true;
  let entry = '';
  return {
    name: 'agendo-mantine-component-styles',
    configResolved(config) {
      build = config.command === 'build';
      entry = path.resolve(config.root, devEntry);
    },
    // Appended: imports are hoisted, and the lines (and so the source maps) stay as they were.
    transform(code, id) {
      if (build) {
        const component = classMap.exec(id)?.[1];
        return component ? `${code}\nimport '@mantine/core/styles/${component}.layer.css';\n` : null;
      }
      return id === entry ? `${code}\nimport '@mantine/core/styles.layer.css';\n` : null;
    },
  };
}

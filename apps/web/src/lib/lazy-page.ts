import type { RouteObject } from 'react-router';

type Lazy = NonNullable<RouteObject['lazy']>;

/** A route whose page component is loaded on first visit (one chunk per page). */
export const lazyPage =
  <M>(load: () => Promise<M>, pick: (module: M) => React.ComponentType): Lazy =>
  async () => ({ Component: pick(await load()) });

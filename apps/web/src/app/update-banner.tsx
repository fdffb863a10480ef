import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '../lib/when-idle.ts';

const UpdatePrompt = lazy(() =>
  import('./update-prompt.tsx').then((module) => ({ default: module.UpdatePrompt })),
);

/**
 * Registers the service worker and offers its updates (update-prompt.tsx), once the browser is
 * idle after the first page: the worker's registration and the prompt are not part of what a
 * visitor waits for (issue 13), and a worker is best registered after the page's own requests.
 */
export function UpdateBanner() {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}

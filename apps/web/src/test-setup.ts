import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { fixedMediaQuery } from './test/media-query.ts';

// findBy and waitFor wait up to 5 s instead of 1 s: parts of pages load lazily (issue 13), and a
// lazy module's first import is transformed on demand, which took over a second on a loaded CI
// machine. A passing test is not slowed; a failing one reports 4 s later.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  // Toasts live in a store outside React: without this, one test's toast shows in the next render.
  notifications.clean();
});

// A Mantine transition that started just before a test ended (a toast leaving, say) finishes on a
// timer Mantine does not clear on unmount; fired after the file's jsdom is torn down, it throws
// 'window is not defined' and vitest fails the whole run. Letting those timers run out while the
// window still exists costs half a second per file.
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 500)));

// jsdom lacks the layout APIs Mantine reads.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => fixedMediaQuery(query, false),
});
window.HTMLElement.prototype.scrollIntoView = () => {};
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

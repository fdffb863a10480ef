import { routes } from '@agendo/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadFile } from './upload-file.ts';

/** A stand-in XMLHttpRequest that records the URL and answers the given status and body. */
function fakeXhr(status: number, body: unknown) {
  const opened: string[] = [];
  class FakeXhr {
    status = status;
    responseText = JSON.stringify(body);
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open(_method: string, url: string) {
      opened.push(url);
    }
    setRequestHeader() {}
    send() {
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return opened;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('uploadFile', () => {
  it('sends the page language so the route answers in it, and hands back its message', async () => {
    window.history.replaceState(null, '', '/us/en/professional/courses');
    const route = routes.uploadWorkshopCover;
    const english = { status: '400', code: 'E7', message: route.errors.E7?.en, field: 'ref' };
    const opened = fakeXhr(400, english);
    const upload = uploadFile({
      url: route.path,
      form: new FormData(),
      answer: route.output,
      errors: route.errors,
    });
    await expect(upload).rejects.toMatchObject({ code: 'E7', message: 'Course not found.', field: 'ref' });
    expect(opened).toEqual(['/upload/workshop-cover?userLang=en']);
  });

  it('asks in Spanish on a Spanish page', async () => {
    window.history.replaceState(null, '', '/ar/es/professional/courses');
    const route = routes.uploadWorkshopCover;
    const opened = fakeXhr(200, { status: '200', cover: '/files/workshops/a.webp' });
    const answer = await uploadFile({
      url: route.path,
      form: new FormData(),
      answer: route.output,
      errors: route.errors,
    });
    expect(answer).toEqual({ status: '200', cover: '/files/workshops/a.webp' });
    expect(opened).toEqual(['/upload/workshop-cover?userLang=es']);
  });
});

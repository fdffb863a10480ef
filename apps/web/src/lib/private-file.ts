import { networkErrorMessage } from '@agendo/contract';
import { notifications } from '@mantine/notifications';
import { getToken } from './session.ts';

/**
 * Record files, printed records and exports are private: the server hands them only to the
 * Bearer of the owner's session, so they are fetched here rather than linked.
 */
export async function fetchPrivate(path: string): Promise<Blob> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    notifications.show({
      id: 'network-error',
      color: 'red',
      message: networkErrorMessage,
      autoClose: 10_000,
    });
    throw new Error(networkErrorMessage);
  }
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}

export async function downloadPrivateFile(path: string, fileName: string): Promise<void> {
  const url = URL.createObjectURL(await fetchPrivate(path));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Opens a private PDF in a new tab. The tab is opened before the wait so pop-up blockers see
 * it as the answer to the click; if it was blocked anyway, the file is downloaded instead.
 */
export async function openPrivatePdf(load: () => Promise<string>, fileName: string): Promise<void> {
  return openBlobInNewTab(async () => fetchPrivate(await load()), fileName, 'application/pdf');
}

/**
 * Opens bytes fetched after the click (a private PDF or image) in a new tab, as openPrivatePdf
 * does; `type` overrides a Content-Type the browser would not display in a tab.
 */
export async function openBlobInNewTab(
  load: () => Promise<Blob>,
  fileName: string,
  type?: string,
): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const blob = await load();
    const url = URL.createObjectURL(type ? new Blob([blob], { type }) : blob);
    if (tab && !tab.closed) tab.location.href = url;
    else {
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.click();
    }
    setTimeout(() => URL.revokeObjectURL(url), 5 * 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

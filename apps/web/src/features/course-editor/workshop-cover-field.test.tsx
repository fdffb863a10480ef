import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { WorkshopCoverField } from './workshop-cover-field.tsx';

/** A stand-in for the upload request: records the form and answers what the route would. */
function fakeRequest(status: number, body: unknown, forms: FormData[]) {
  return class {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    responseText = '';
    open() {}
    setRequestHeader() {}
    send(form: FormData) {
      forms.push(form);
      this.status = status;
      this.responseText = JSON.stringify(body);
      setTimeout(() => this.onload?.());
    }
  };
}

describe('WorkshopCoverField', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('uploads the chosen image with the course ref and confirms it', async () => {
    const forms: FormData[] = [];
    const toast = vi.spyOn(notifications, 'show');
    vi.stubGlobal(
      'XMLHttpRequest',
      fakeRequest(200, { status: '200', cover: '/files/workshops/x.webp' }, forms),
    );
    renderRoutes(
      { 'general-workshop/:ref': <WorkshopCoverField workshopRef="wsRef0000001" cover={null} /> },
      '/ar/es/general-workshop/wsRef0000001',
    );
    expect(screen.getByText(/todavía no tiene portada/)).toBeInTheDocument();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['png'], 'portada.png', { type: 'image/png' }));
    await waitFor(() => expect(forms).toHaveLength(1));
    const [form] = forms as [FormData];
    expect(form.get('ref')).toBe('wsRef0000001');
    expect((form.get('image') as File).name).toBe('portada.png');
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Portada actualizada.' })),
    );
  });

  it("shows the server's Spanish message when the file is refused", async () => {
    const forms: FormData[] = [];
    vi.stubGlobal(
      'XMLHttpRequest',
      fakeRequest(
        415,
        { status: '415', code: 'E415', message: 'La imagen debe ser JPG, PNG o WEBP.' },
        forms,
      ),
    );
    renderRoutes(
      {
        'general-workshop/:ref': (
          <WorkshopCoverField workshopRef="wsRef0000001" cover="/files/workshops/old.webp" />
        ),
      },
      '/ar/es/general-workshop/wsRef0000001',
    );
    expect(screen.getByRole('img', { name: 'Portada' })).toHaveAttribute('src', '/files/workshops/old.webp');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['gif'], 'portada.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La imagen debe ser JPG, PNG o WEBP.');
  });
});

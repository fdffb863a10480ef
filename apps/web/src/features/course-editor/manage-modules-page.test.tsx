import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, sent } from '../../test/fetch-answers.ts';
import { renderRoutes } from '../../test/render.tsx';
import { ManageModulesPage } from './manage-modules-page.tsx';
import { workshopFixture } from './test-helpers.tsx';
import type { Lesson } from './use-course-editor.ts';

const noLive: Lesson['live'] = {
  startDate: null,
  endDate: null,
  timezone: null,
  useMyVideoCall: 1,
  platformVideoCall: null,
  linkVideoCall: null,
  passVideoCall: null,
  roomIdLink: null,
  address: null,
};

const liveLesson: Lesson = {
  ref: 'lessonLive1234',
  title: 'Encuentro en vivo',
  typeClass: 6,
  duration: 60,
  descriptionPrivate: '',
  videoLink: null,
  videoFileName: null,
  pdfFileName: null,
  downloadPdf: 0,
  quizRef: null,
  live: {
    ...noLive,
    startDate: '2026-05-04T21:30:00.000Z',
    endDate: '2026-05-04T22:30:00.000Z',
    timezone: 'America/Argentina/Buenos_Aires',
  },
};

const workshop = workshopFixture({
  description: '',
  modules: [
    {
      ref: 'modRef0000001',
      title: 'Primeros pasos',
      description: 'La base.',
      priceLocal: 0,
      priceInter: 0,
      moduleFree: 0,
      lessons: [
        {
          ...liveLesson,
          ref: 'lessonVid12345',
          title: 'Bienvenida',
          typeClass: 1,
          duration: 5,
          live: noLive,
          videoFileName: 'bienvenida.mp4',
        },
        liveLesson,
      ],
    },
    {
      ref: 'modRef0000002',
      title: 'Profundizar',
      description: '',
      priceLocal: 15000,
      priceInter: 20,
      moduleFree: 1,
      lessons: [],
    },
  ],
});

function renderPage(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  return renderRoutes(
    { 'manage-modules/:ref': <ManageModulesPage />, 'course/:ref': <p>Curso</p> },
    '/ar/es/manage-modules/wsRef12345678',
    // Mantine's default env: drawn in place inside the dialog, the time zone's option list would
    // carry the 'Zona horaria' label beside its field.
    { env: 'default' },
  );
}

async function chooseType(name: string) {
  await userEvent.click(screen.getByRole('textbox', { name: /^Tipo de clase/ }));
  await userEvent.click(await screen.findByRole('option', { name, hidden: true }));
}

describe('ManageModulesPage', { timeout: 60_000 }, () => {
  beforeEach(() => localStorage.setItem('token', 'tok-professional-123456789'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the modules in order with their access and moves one with its button', async () => {
    const fetchMock = answer({
      'get-workshop': [200, { status: '200', workshop }],
      'move-module': [200, { status: '200' }],
    });
    renderPage(fetchMock);
    expect(await screen.findByRole('heading', { name: 'Primeros pasos' })).toBeInTheDocument();
    expect(screen.getByText('Abierto')).toBeInTheDocument();
    expect(screen.getByText('Pago')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver como alumno' })).toHaveAttribute(
      'href',
      '/ar/es/course/wsRef12345678',
    );
    expect(screen.getByRole('button', { name: 'Subir el módulo «Primeros pasos»' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Bajar el módulo «Profundizar»' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Bajar el módulo «Primeros pasos»' }));
    await waitFor(() =>
      expect(sent(fetchMock, 'move-module')).toEqual([
        expect.objectContaining({ ref: 'modRef0000001', direction: 'down' }),
      ]),
    );
  });

  it('shows the lesson fields of each type', async () => {
    const fetchMock = answer({
      'get-workshop': [200, { status: '200', workshop }],
      'find-my-quizzes': [200, { status: '200', quizzes: [] }],
    });
    renderPage(fetchMock);
    const buttons = await screen.findAllByRole('button', { name: /^Agregar clase/ });
    await userEvent.click(buttons[1] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Nueva clase' });
    const field = (label: RegExp) => within(dialog).queryByLabelText(label);

    // Video (the default): a link or a file.
    expect(field(/^Enlace del video/)).toBeInTheDocument();
    expect(within(dialog).getByText(/^O sube el archivo del video/)).toBeInTheDocument();
    expect(field(/^Zona horaria/)).not.toBeInTheDocument();

    await chooseType('Documento PDF');
    expect(field(/^Enlace del video/)).not.toBeInTheDocument();
    expect(within(dialog).getByText(/^Archivo PDF/)).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: /^Permitir descargar/ })).toBeInTheDocument();

    await chooseType('Cuestionario');
    expect(within(dialog).getByRole('textbox', { name: /^Cuestionario/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Crear o editar cuestionarios/ })).toHaveAttribute(
      'href',
      '/ar/es/manage-quiz',
    );
    await waitFor(() => expect(sent(fetchMock, 'find-my-quizzes')).toHaveLength(1));

    await chooseType('Vivo Online');
    expect(within(dialog).getByRole('button', { name: /^Inicio/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /^Fin/ })).toBeInTheDocument();
    expect(field(/^Zona horaria/)).toBeInTheDocument();
    expect(field(/^Enlace de la videollamada/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('switch', { name: /^Usar la sala de Agendo/ }));
    expect(field(/^Enlace de la videollamada/)).toBeInTheDocument();
    expect(field(/^Plataforma/)).toBeInTheDocument();
    expect(field(/^Contraseña/)).toBeInTheDocument();
    expect(field(/^Dirección del encuentro/)).not.toBeInTheDocument();

    await chooseType('Vivo Presencial');
    expect(field(/^Dirección del encuentro/)).toBeInTheDocument();
    expect(field(/^Enlace de la videollamada/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('switch', { name: /^Usar la sala de Agendo/ })).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear clase' }));
    expect(await within(dialog).findByText('Debes ingresar el título.')).toBeInTheDocument();
    expect(within(dialog).getByText('Debes ingresar la fecha y hora de inicio.')).toBeInTheDocument();
    expect(within(dialog).getByText('Debes ingresar la dirección del evento.')).toBeInTheDocument();
    expect(sent(fetchMock, 'save-lesson')).toHaveLength(0);
  });

  it('sends a live lesson’s times as instants, read in the lesson’s zone', async () => {
    const fetchMock = answer({
      'get-workshop': [200, { status: '200', workshop }],
      'save-lesson': [200, { status: '200', ref: liveLesson.ref }],
    });
    renderPage(fetchMock);
    await userEvent.click(await screen.findByRole('button', { name: 'Editar la clase «Encuentro en vivo»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar clase' });
    expect(within(dialog).getByRole('button', { name: /^Inicio/ })).toHaveTextContent('04/05/2026 18:30');
    await userEvent.click(within(dialog).getByRole('textbox', { name: /^Zona horaria/ }));
    await userEvent.click(await screen.findByRole('option', { name: /^España \(Madrid\)/, hidden: true }));
    expect(within(dialog).getByRole('button', { name: /^Inicio/ })).toHaveTextContent('04/05/2026 18:30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar clase' }));
    await waitFor(() => expect(sent(fetchMock, 'save-lesson')).toHaveLength(1));
    expect(sent(fetchMock, 'save-lesson')[0]).toMatchObject({
      ref: 'lessonLive1234',
      moduleRef: 'modRef0000001',
      typeClass: 6,
      startDate: '2026-05-04T16:30:00.000Z',
      endDate: '2026-05-04T17:30:00.000Z',
      timezone: 'Europe/Madrid',
      useMyVideoCall: 1,
    });
  });

  it('uploads the video file with the ref of the saved lesson', async () => {
    const forms: FormData[] = [];
    const headers: Record<string, string> = {};
    class FakeRequest {
      upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      status = 0;
      responseText = '';
      url = '';
      open(_method: string, url: string) {
        this.url = url;
      }
      setRequestHeader(key: string, value: string) {
        headers[key] = value;
      }
      send(form: FormData) {
        forms.push(form);
        this.status = 200;
        this.responseText = JSON.stringify({ status: '200', fileName: 'clase.mp4' });
        setTimeout(() => this.onload?.());
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const fetchMock = answer({
      'get-workshop': [200, { status: '200', workshop }],
      'save-lesson': [200, { status: '200', ref: 'newLesson12345' }],
    });
    renderPage(fetchMock);
    const buttons = await screen.findAllByRole('button', { name: /^Agregar clase/ });
    await userEvent.click(buttons[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Nueva clase' });
    await userEvent.type(within(dialog).getByLabelText(/^Título de la clase/), 'Respiración');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['video'], 'clase.mp4', { type: 'video/mp4' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear clase' }));

    await waitFor(() => expect(forms).toHaveLength(1));
    const [form] = forms as [FormData];
    expect(form.get('ref')).toBe('newLesson12345');
    expect(form.get('kind')).toBe('video');
    expect((form.get('file') as File).name).toBe('clase.mp4');
    expect(headers.Authorization).toBe('Bearer tok-professional-123456789');
    expect(sent(fetchMock, 'save-lesson')[0]).toMatchObject({
      title: 'Respiración',
      typeClass: 1,
      moduleRef: 'modRef0000001',
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Nueva clase' })).not.toBeInTheDocument(),
    );
  });
});

import { type ChatMessage, type ChatSummary, routes } from '@agendo/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../../lib/api.ts';
import { fetchPrivate } from '../../lib/private-file.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { uploadFile } from '../../lib/upload-file.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { renderRoutes } from '../../test/render.tsx';
import { DocumentReaderProvider, type ReaderDocument } from '../../ui/document-reader-slot.tsx';
import { ChatPage } from './chat-page.tsx';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);
vi.mock('../../lib/upload-file.ts', () => ({ uploadFile: vi.fn() }));
const uploadMock = vi.mocked(uploadFile);
vi.mock('../../lib/private-file.ts', () => ({ fetchPrivate: vi.fn(), openBlobInNewTab: vi.fn() }));
const fetchPrivateMock = vi.mocked(fetchPrivate);
// The shell's readers (spec 000 §2.3), played by the test: it records what the chat opens.
const showReader = vi.fn((_document: ReaderDocument) => {});

const chat: ChatSummary = {
  ref: 'chatRef00001',
  role: 'professional',
  counterpart: { ref: 'cliRef0001', name: 'Martín Gómez', img: null },
  lastMessage: {
    text: '¿Llego 10 minutos antes?',
    senderRole: 'client',
    createdAt: '2026-11-22T12:05:00.000Z',
    seq: 2,
  },
  unread: 1,
  readByCounterpart: 1,
  lastSeq: 2,
};
const other: ChatSummary = {
  ...chat,
  ref: 'chatRef00002',
  counterpart: { ref: 'cliRef0002', name: 'Lucía Paz', img: null },
  lastMessage: null,
  unread: 0,
  lastSeq: 0,
  readByCounterpart: 0,
};
const message = (seq: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `msg${seq}`,
  chat: chat.ref,
  seq,
  senderRole: 'client',
  senderName: 'Martín Gómez',
  text: `mensaje ${seq}`,
  booking: null,
  createdAt: '2026-11-22T12:00:00.000Z',
  ...over,
});

const userData = {
  status: '200',
  ref: 'proRef0001',
  userType: 1,
  blockUse: 0,
  card_added: 1,
  userPlan: 4,
} as const;

function renderChat(path: string) {
  return renderRoutes(
    {
      'chats/:ref?': (
        <DocumentReaderProvider value={showReader}>
          <ChatPage />
        </DocumentReaderProvider>
      ),
      'prof-chat/:ref?': <ChatPage />,
      'chat/:ref?': <ChatPage />,
      '*': <p>Otra página</p>,
    },
    path,
  );
}

describe('chat (issue 17)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.setItem('token', 'tok-aaaaaaaaaaaaaaaaaaaaaaaa');
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    callMock.mockReset();
    uploadMock.mockReset();
    fetchPrivateMock.mockReset();
    showReader.mockClear();
    vi.unstubAllGlobals();
  });

  function answer(opened = chat) {
    answerActions(callMock, {
      'find-user-data': userData,
      'find-chats': { status: '200', chats: [chat, other], next: null, unreadTotal: 1 },
      'open-chat': { status: '200', chat: opened, booking: null },
      'find-chat-messages': {
        status: '200',
        messages: [message(1, { senderRole: 'professional', senderName: 'Laura' }), message(2)],
        before: null,
      },
      'mark-chat-read': { status: '200', unread: 0 },
      'send-chat-message': ({ text }) => ({
        status: '200',
        message: message(3, { senderRole: 'professional', text }),
      }),
    });
  }

  it('lists the conversations with unread counts and opens the one of the route, marking it read', async () => {
    answer();
    renderChat('/ar/es/prof-chat/cliRef0001');
    const list = await screen.findByRole('navigation', { name: 'Conversaciones' });
    expect(within(list).getByText('1', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(within(list).getByLabelText('1 mensajes sin leer')).toBeInTheDocument();
    expect(within(list).getByText('Sin mensajes todavía')).toBeInTheDocument();
    expect(await screen.findByText('mensaje 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Martín Gómez' })).toBeInTheDocument();
    // The newest own message carries its receipt, in words too.
    expect(screen.getByText('Leído')).toBeInTheDocument();
    expect(callMock).toHaveBeenCalledWith('open-chat', { ref: 'cliRef0001' });
    await vi.waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('mark-chat-read', { ref: chat.ref, seq: 2 }),
    );
  });

  it('sends with Enter, tells the other side it is typing, and shows what arrives live', async () => {
    answer();
    const user = userEvent.setup();
    renderChat('/ar/es/chats/chatRef00001');
    const box = await screen.findByRole('textbox', { name: 'Escribe un mensaje' });
    await screen.findByText('mensaje 2');
    const socket = FakeSocket.last;
    expect(socket?.protocols).toEqual(['agendo.v1', 'bearer.tok-aaaaaaaaaaaaaaaaaaaaaaaa']);
    await vi.waitFor(() => expect(socket?.sent).toContainEqual({ type: 'resume', lastEventId: null }));

    await user.type(box, 'Te espero{Enter}');
    await vi.waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('send-chat-message', {
        ref: chat.ref,
        text: 'Te espero',
        bookingRef: null,
      }),
    );
    expect(await screen.findByText('Te espero')).toBeInTheDocument();
    expect(socket?.sent).toContainEqual({ type: 'chat.typing', chat: chat.ref, typing: true });
    expect(socket?.sent).toContainEqual({ type: 'chat.typing', chat: chat.ref, typing: false });
    expect(box).toHaveValue('');

    socket?.receive({ type: 'chat.typing', chat: chat.ref, role: 'client', typing: true });
    // In the conversation and in the list's preview.
    expect(await screen.findAllByText('Martín está escribiendo…')).toHaveLength(2);
    socket?.receive({ type: 'chat.message', id: 'ev4', message: message(4, { text: 'Perfecto, gracias' }) });
    expect(await screen.findByText('Perfecto, gracias')).toBeInTheDocument();
    expect(screen.queryAllByText('Martín está escribiendo…')).toEqual([]);
    // The same message again (resume replays what may have been seen) is shown once.
    socket?.receive({ type: 'chat.message', id: 'ev4', message: message(4, { text: 'Perfecto, gracias' }) });
    expect(screen.getAllByText('Perfecto, gracias')).toHaveLength(1);
  });

  it('attaches a file with the paper clip, and shows images as thumbnails and PDFs as chips', async () => {
    answer();
    const user = userEvent.setup();
    // jsdom has no blob: URLs.
    Object.assign(URL, { createObjectURL: () => 'blob:thumb', revokeObjectURL: () => {} });
    fetchPrivateMock.mockResolvedValue(new Blob(['webp'], { type: 'image/webp' }));
    const def = routes.uploadChatAttachment;
    const sentPdf = message(3, {
      senderRole: 'professional',
      text: 'Las pautas',
      attachment: { kind: 'pdf', name: 'pautas.pdf', size: 250_000, url: '/chat-files/msg3' },
    });
    // The mock answers through the route's own output schema, as the real upload does.
    uploadMock.mockResolvedValueOnce(def.output.parse({ status: '200', message: sentPdf }));
    renderChat('/ar/es/chats/chatRef00001');
    const box = await screen.findByRole('textbox', { name: 'Escribe un mensaje' });
    await screen.findByText('mensaje 2');

    await user.type(box, 'Las pautas');
    const clip = screen.getByRole('button', { name: 'Adjuntar una imagen o un PDF' });
    // The clip is a real button: reachable with Tab from the message box.
    await user.tab({ shift: true });
    expect(clip).toHaveFocus();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    expect(input?.accept).toBe('image/jpeg,image/png,image/webp,application/pdf');
    const file = new File(['%PDF-1.4'], 'pautas.pdf', { type: 'application/pdf' });
    await user.upload(input as HTMLInputElement, file);

    await vi.waitFor(() => expect(uploadMock).toHaveBeenCalledTimes(1));
    const sent = uploadMock.mock.calls[0]?.[0];
    expect(sent?.url).toBe(def.path);
    expect(sent?.form.get('ref')).toBe(chat.ref);
    expect(sent?.form.get('text')).toBe('Las pautas');
    expect(sent?.form.get('file')).toBe(file);
    const chip = await screen.findByRole('button', { name: 'Abrir el PDF pautas.pdf' });
    expect(chip).toHaveTextContent('244 KB');
    expect(box).toHaveValue('');
    await user.click(chip);
    expect(showReader).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'pdf', title: 'pautas.pdf', fileName: 'pautas.pdf' }),
    );
    const pdfBytes = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    fetchPrivateMock.mockResolvedValueOnce(pdfBytes);
    await expect(showReader.mock.calls[0]?.[0].load()).resolves.toBe(pdfBytes);
    expect(fetchPrivateMock).toHaveBeenLastCalledWith('/chat-files/msg3');

    // An image arrives live: a thumbnail fetched with the session, that opens full size.
    FakeSocket.last?.receive({
      type: 'chat.message',
      id: 'ev4',
      message: message(4, {
        text: '',
        attachment: { kind: 'image', name: 'herida.webp', size: 80_000, url: '/chat-files/msg4' },
      }),
    });
    const thumb = await screen.findByRole('button', { name: 'Ver la imagen herida.webp en tamaño completo' });
    expect(fetchPrivateMock).toHaveBeenCalledWith('/chat-files/msg4');
    expect(within(thumb).getByRole('img', { name: 'herida.webp' })).toHaveAttribute('src', 'blob:thumb');
    await user.click(thumb);
    // The image reader gets the bytes already fetched for the thumbnail.
    expect(showReader).toHaveBeenLastCalledWith(
      expect.objectContaining({ kind: 'image', title: 'herida.webp' }),
    );
    await expect(showReader.mock.calls.at(-1)?.[0].load()).resolves.toBeInstanceOf(Blob);
  });

  it('shows the server’s Spanish reason when a file is refused', async () => {
    answer();
    const user = userEvent.setup();
    uploadMock.mockRejectedValueOnce(
      new ApiError('E415', 'El archivo debe ser una imagen JPG, PNG o WEBP, o un PDF.', 'file', 400),
    );
    renderChat('/ar/es/chats/chatRef00001');
    await screen.findByText('mensaje 2');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    await user.upload(input as HTMLInputElement, new File(['x'], 'nota.pdf', { type: 'application/pdf' }));
    expect(
      await screen.findByText('El archivo debe ser una imagen JPG, PNG o WEBP, o un PDF.'),
    ).toBeInTheDocument();
  });

  it('opens a group appointment’s conversation from a seat (?grupo=1): who wrote each message, own ones by account', async () => {
    // The client Ana sees the group's conversation: the professional and another client write too.
    const group: ChatSummary = {
      ref: 'groupChat001',
      role: 'client',
      counterpart: { ref: 'groupChat001', name: 'Taller de respiración', img: null },
      group: { startsAt: '2026-11-25T17:00:00.000Z' },
      lastMessage: null,
      unread: 0,
      readByCounterpart: 3,
      lastSeq: 3,
    };
    const inGroup = (seq: number, over: Partial<ChatMessage>) => message(seq, { chat: group.ref, ...over });
    answerActions(callMock, {
      'find-user-data': { ...userData, ref: 'anaRef0001', userType: 2 },
      'find-chats': { status: '200', chats: [group], next: null, unreadTotal: 0 },
      'open-chat': { status: '200', chat: group, booking: null },
      'find-chat-messages': {
        status: '200',
        messages: [
          inGroup(1, {
            senderRole: 'professional',
            senderRef: 'profRef001',
            senderName: 'Laura Méndez',
            text: 'Bienvenidas',
          }),
          inGroup(2, {
            senderRole: 'client',
            senderRef: 'betoRef001',
            senderName: 'Beto Ruiz',
            text: '¡Hola!',
          }),
          inGroup(3, {
            senderRole: 'client',
            senderRef: 'anaRef0001',
            senderName: 'Ana Díaz',
            text: 'Hola a todos',
          }),
        ],
        before: null,
      },
      'mark-chat-read': { status: '200', unread: 0 },
    });
    renderChat('/ar/es/chat/seatRef0001?grupo=1');
    expect(await screen.findByText('Hola a todos')).toBeInTheDocument();
    expect(callMock).toHaveBeenCalledWith('open-chat', { ref: 'seatRef0001', group: true });
    expect(screen.getByRole('heading', { name: 'Taller de respiración' })).toBeInTheDocument();
    expect(screen.getByText(/^Chat del grupo · /)).toBeInTheDocument();
    const log = screen.getByRole('log');
    // Another client's message is not the viewer's although both are on the client side.
    expect(within(log).getByText('Beto Ruiz')).toBeInTheDocument();
    expect(within(log).getByText('Laura Méndez')).toBeInTheDocument();
    expect(within(log).queryByText('Ana Díaz')).not.toBeInTheDocument();
    // The receipt sits on the viewer's own newest message: read by everyone else.
    const own = within(log).getByText('Hola a todos').closest('div');
    expect(own).toHaveTextContent('Leído');
    FakeSocket.last?.receive({ type: 'chat.typing', chat: group.ref, role: 'professional', typing: true });
    expect(await screen.findAllByText('Alguien está escribiendo…')).not.toHaveLength(0);
  });

  it('says so when the conversation is not found (someone else’s or unknown)', async () => {
    answerActions(callMock, {
      'find-user-data': userData,
      'find-chats': { status: '200', chats: [], next: null, unreadTotal: 0 },
      'open-chat': new ApiError('E404', 'No encontramos la conversación.', undefined, 404),
    });
    renderChat('/ar/es/chat/strangerRef01');
    expect(await screen.findByRole('alert')).toHaveTextContent('No encontramos la conversación.');
    expect(await screen.findByText('Todavía no tienes conversaciones.')).toBeInTheDocument();
  });
});

import { type InputOf, publicationLimits } from '@agendo/contract';
import { flagsOf } from '../../lib/flags.ts';
import type { Publication } from './use-publications.ts';

export type PublicationFormValues = InputOf<'save-publish'>;

/** Sections of the editor; general-service/{ref}/{type} opens one of them. */
export const editorSections = [
  'general',
  'modalidad',
  'precios',
  'agenda',
  'videollamada',
  'imagenes',
] as const;
export type EditorSection = (typeof editorSections)[number];
export function isEditorSection(value: string | undefined): value is EditorSection {
  return (editorSections as readonly string[]).includes(value ?? '');
}

/** Which section holds each field, to open the right one when the server names a field. */
export const sectionOfField: Record<string, EditorSection> = {
  title: 'general',
  therapyId: 'general',
  therapyOther: 'general',
  description: 'general',
  symptoms: 'general',
  langEs: 'general',
  modalityId: 'modalidad',
  address: 'modalidad',
  stateId: 'modalidad',
  cityId: 'modalidad',
  duration: 'modalidad',
  realPriceLocal: 'precios',
  realPriceInter: 'precios',
  promoPriceLocal: 'precios',
  promoPriceInter: 'precios',
  promoStartDate: 'precios',
  promoFinishDate: 'precios',
  firstPriceLocal: 'precios',
  firstPriceInter: 'precios',
  free: 'precios',
  payCard: 'precios',
  payCash: 'precios',
  qtySessions: 'agenda',
  maxRes: 'agenda',
  typeTurn: 'agenda',
  groupCapacity: 'agenda',
  noticeMin: 'agenda',
  platformVideoCall: 'videollamada',
  linkVideoCall: 'videollamada',
  passVideoCall: 'videollamada',
  roomIdLink: 'videollamada',
  video: 'imagenes',
};

export const newPublicationValues: PublicationFormValues = {
  title: '',
  therapyId: undefined as unknown as number,
  therapyOther: null,
  description: '',
  symptoms: [],
  modalityId: 1,
  address: null,
  stateId: null,
  cityId: null,
  duration: 50,
  realPriceLocal: null,
  realPriceInter: null,
  promo: false,
  promoPriceLocal: null,
  promoPriceInter: null,
  promoStartDate: null,
  promoFinishDate: null,
  praConsulta: false,
  firstPriceLocal: null,
  firstPriceInter: null,
  hidePrice: false,
  noPrice: false,
  free: false,
  payCash: false,
  payCard: true,
  payCashLimit: false,
  payAfter: false,
  qtySessions: 1,
  maxRes: 2,
  typeTurn: 1,
  groupCapacity: 1,
  noticeMin: publicationLimits.defaultNoticeMin,
  langEs: true,
  langEn: false,
  langPo: false,
  langFr: false,
  langIt: false,
  langAl: false,
  video: null,
  platformVideoCall: 1,
  linkVideoCall: null,
  passVideoCall: null,
  roomIdLink: null,
};

/** The editor's values for a publication read with get-publish (its owner sees every field). */
export function formValuesOf(p: Publication): PublicationFormValues {
  const priced = p.free === 0 && p.noPrice === 0 && p.hidePrice === 0;
  return {
    ref: p.ref,
    title: p.title,
    therapyId: p.therapyId,
    therapyOther: p.therapyOther,
    description: p.description,
    symptoms: p.symptoms.map((s) => s.id),
    modalityId: p.modalityId,
    address: p.address,
    stateId: p.stateId,
    cityId: p.cityId,
    duration: p.duration,
    realPriceLocal: priced || p.realPriceLocal > 0 ? p.realPriceLocal : null,
    realPriceInter: priced || p.realPriceInter > 0 ? p.realPriceInter : null,
    promoPriceLocal: p.promoPriceLocal,
    promoPriceInter: p.promoPriceInter,
    promoStartDate: p.promoStartDate,
    promoFinishDate: p.promoFinishDate,
    firstPriceLocal: p.firstPriceLocal,
    firstPriceInter: p.firstPriceInter,
    qtySessions: p.qtySessions,
    maxRes: p.maxRes,
    typeTurn: p.typeTurn,
    groupCapacity: p.groupCapacity,
    noticeMin: p.noticeMin,
    video: p.video,
    platformVideoCall: p.platformVideoCall ?? 1,
    linkVideoCall: p.linkVideoCall,
    passVideoCall: p.passVideoCall,
    roomIdLink: p.roomIdLink,
    ...flagsOf(p, [
      'promo',
      'praConsulta',
      'hidePrice',
      'noPrice',
      'free',
      'payCash',
      'payCard',
      'payCashLimit',
      'payAfter',
      'langEs',
      'langEn',
      'langPo',
      'langFr',
      'langIt',
      'langAl',
    ]),
  };
}

/** A readable slug for service/{ref}/{title}: "Sesión de Yoga" → "sesion-de-yoga". */
export function slugOf(title: string): string {
  return title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

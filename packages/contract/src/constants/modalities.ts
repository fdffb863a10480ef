/** The modalities of a publication (spec 000 §3, §9). */

/** spec 000 §9: modality ids 1, 2, 3 (spec 000 §3: 1 online; 2 in person; 3 both offered). */
export const modalities = [
  { id: 1, name: 'Online', en: 'Online' },
  { id: 2, name: 'Presencial', en: 'In person' },
  { id: 3, name: 'Online y presencial', en: 'Online and in person' },
] as const;
export type ModalityId = (typeof modalities)[number]['id'];
export const modalityIds = { online: 1, inPerson: 2, both: 3 } as const;

export function modalityName(id: number, lang: 'es' | 'en' = 'es'): string {
  const found = modalities.find((m) => m.id === id);
  if (!found) return '';
  return lang === 'es' ? found.name : found.en;
}

/** True when the service is (also) given at an address: modalities 2 and 3. */
export function hasInPerson(modalityId: number): boolean {
  return modalityId === modalityIds.inPerson || modalityId === modalityIds.both;
}
/** True when the service is (also) given by video call: modalities 1 and 3. */
export function hasOnline(modalityId: number): boolean {
  return modalityId === modalityIds.online || modalityId === modalityIds.both;
}

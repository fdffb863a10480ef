/** A complete, valid save-publish input: an online session of an Argentine professional. */
export function publishInput(extra: Record<string, unknown> = {}) {
  return {
    title: 'Sesión de psicología online',
    therapyId: 1,
    description: 'Acompañamiento terapéutico para adultos con ansiedad y estrés.',
    modalityId: 1,
    duration: 50,
    realPriceLocal: 20000,
    realPriceInter: 25,
    payCard: true,
    qtySessions: 1,
    maxRes: 2,
    typeTurn: 1,
    langEs: true,
    platformVideoCall: 1,
    ...extra,
  };
}

/** The same, in person and online (modality 3, with an address), paid by card or cash. */
export function inPersonPublishInput(extra: Record<string, unknown> = {}) {
  return publishInput({
    title: 'Sesión de psicología online y presencial',
    symptoms: [1, 2],
    modalityId: 3,
    address: 'Av. Corrientes 1234, CABA',
    payCash: true,
    groupCapacity: 1,
    ...extra,
  });
}
